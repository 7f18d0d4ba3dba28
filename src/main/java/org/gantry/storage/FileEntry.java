package org.gantry.storage;

import java.time.Instant;
import java.util.Optional;

/** One file or folder as a listing shows it; size is 0 for folders, modified empty where the backend has no time. */
public record FileEntry(String name, boolean directory, long size, Optional<Instant> modified) {
}
