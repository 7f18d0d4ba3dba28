package org.gantry.storage;

import java.time.Instant;
import java.util.Optional;

/** A copy or move running in the background, as its owner polls it. Bytes and files count what is done so far. */
public record Transfer(String id, String owner, String operation, String fromStorage, String from, String toStorage,
                       String to, State state, long bytesDone, long bytesTotal, int filesDone, int filesTotal,
                       Optional<String> error, Instant started, Optional<Instant> ended) {

    public enum State { RUNNING, SUCCEEDED, FAILED, CANCELLED }
}
