package org.gantry.storage;

/** How much of an upload has arrived; {@code complete} once the file is in place under its name. */
public record UploadStatus(StoragePath path, long received, long total, boolean complete) {
}
