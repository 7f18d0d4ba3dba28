package org.gantry.storage;

import java.util.List;
import java.util.OptionalInt;

/** One page of a folder: entries in name order from {@code offset}; {@code next} is the next page's offset. */
public record Listing(StoragePath path, List<FileEntry> entries, int offset, int total, OptionalInt next) {
}
