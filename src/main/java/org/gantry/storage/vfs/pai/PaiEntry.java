package org.gantry.storage.vfs.pai;

import java.time.Instant;
import java.util.Optional;

/** A file or folder of a Gantry storage as its REST API describes it; a storage itself is a folder. */
public record PaiEntry(String name, boolean directory, long size, Optional<Instant> modified) {
}
