package org.gantry.storage;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.gantry.security.CurrentUser;
import org.gantry.storage.StorageException.Kind;
import org.gantry.storage.Transfer.State;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Service;

/**
 * Copies and moves that run in the background, within a storage or between two, with their
 * progress in bytes and files and a cancel. A move within one storage is a rename and ends at
 * once; a move between storages is a copy, then the source's deletion. Transfers live in
 * memory: a restart forgets them (a cancelled or broken copy leaves what it copied).
 */
@Service
public class StorageTransfers implements DisposableBean {

    private final StorageService storages;
    private final CurrentUser currentUser;
    private final Clock clock;
    private final ExecutorService workers = Executors.newFixedThreadPool(2, runnable -> {
        Thread thread = new Thread(runnable, "storage-transfer");
        thread.setDaemon(true);
        return thread;
    });
    private final Map<String, Running> transfers = new ConcurrentHashMap<>();

    StorageTransfers(StorageService storages, CurrentUser currentUser, Clock clock) {
        this.storages = storages;
        this.currentUser = currentUser;
        this.clock = clock;
    }

    /** Starts copying (or moving) {@code from} to {@code to}, which must not exist. */
    public Transfer start(boolean move, String fromStorage, StoragePath from, String toStorage, StoragePath to) {
        if (from.isRoot() || to.isRoot()) {
            throw new StorageException(Kind.INVALID, "Name the file or folder to " + (move ? "move" : "copy")
                    + " and its new path; a storage's root cannot be.");
        }
        boolean sameStorage = fromStorage.equals(toStorage);
        if (sameStorage && from.contains(to)) {
            throw new StorageException(Kind.INVALID, "A folder cannot be " + (move ? "moved" : "copied") + " into itself.");
        }
        StorageRoot source = storages.open(fromStorage, move);
        StorageRoot target = sameStorage && move ? source : storages.open(toStorage, true);
        if (source.stat(from).isEmpty()) {
            throw new StorageException(Kind.NOT_FOUND, "No such file or folder: " + from);
        }
        if (target.stat(to).isPresent()) {
            throw new StorageException(Kind.CONFLICT, to + " exists already.");
        }
        Running running = new Running(UUID.randomUUID().toString(), currentUser.require(), move ? "move" : "copy",
                fromStorage, from, toStorage, to, clock.instant());
        transfers.put(running.id, running);
        if (sameStorage && move) {
            try {
                source.move(from, to);
                running.finish(State.SUCCEEDED, null, clock.instant());
            } catch (StorageException e) {
                running.finish(State.FAILED, e.getMessage(), clock.instant());
                throw e;
            }
            return running.snapshot();
        }
        workers.submit(() -> run(running, source, target, move));
        return running.snapshot();
    }

    private void run(Running running, StorageRoot source, StorageRoot target, boolean move) {
        try {
            count(running, source, running.from);
            copyTree(running, source, running.from, target, running.to);
            if (move && !running.cancelled) {
                source.delete(running.from, true);
            }
            running.finish(running.cancelled ? State.CANCELLED : State.SUCCEEDED, null, clock.instant());
        } catch (RuntimeException | IOException e) {
            running.finish(running.cancelled ? State.CANCELLED : State.FAILED, e.getMessage(), clock.instant());
        }
    }

    private void count(Running running, StorageRoot root, StoragePath path) {
        FileEntry entry = root.stat(path).orElseThrow(() -> new StorageException(Kind.NOT_FOUND, "No such file: " + path));
        if (!entry.directory()) {
            running.bytesTotal.addAndGet(entry.size());
            running.filesTotal.incrementAndGet();
            return;
        }
        for (String name : root.names(path)) {
            if (running.cancelled) {
                return;
            }
            if (StorageFiles.visible(root, path.child(name)).isPresent()) {
                count(running, root, path.child(name));
            }
        }
    }

    private void copyTree(Running running, StorageRoot source, StoragePath from, StorageRoot target, StoragePath to)
            throws IOException {
        if (running.cancelled) {
            return;
        }
        FileEntry entry = source.stat(from).orElseThrow(() -> new StorageException(Kind.NOT_FOUND, "No such file: " + from));
        if (entry.directory()) {
            target.mkdirs(to);
            for (String name : source.names(from)) {
                if (StorageFiles.visible(source, from.child(name)).isPresent()) {
                    copyTree(running, source, from.child(name), target, to.child(name));
                }
            }
            return;
        }
        byte[] buffer = new byte[StorageFiles.BUFFER];
        try (InputStream in = source.read(from, 0); OutputStream out = target.write(to, false)) {
            int n;
            while (!running.cancelled && (n = in.read(buffer)) > 0) {
                out.write(buffer, 0, n);
                running.bytesDone.addAndGet(n);
            }
        }
        running.filesDone.incrementAndGet();
    }

    /** The caller's transfer (an administrator's: anyone's). */
    public Optional<Transfer> find(String id) {
        return Optional.ofNullable(transfers.get(id)).filter(this::visible).map(Running::snapshot);
    }

    /** Asks a running transfer to stop; it ends CANCELLED with what it copied so far left in place. */
    public Optional<Transfer> cancel(String id) {
        Optional<Running> running = Optional.ofNullable(transfers.get(id)).filter(this::visible);
        running.ifPresent(r -> r.cancelled = true);
        return running.map(Running::snapshot);
    }

    private boolean visible(Running running) {
        return currentUser.isAdmin() || currentUser.username().map(running.owner::equals).orElse(false);
    }

    @Override
    public void destroy() {
        workers.shutdownNow();
    }

    private static final class Running {
        final String id;
        final String owner;
        final String operation;
        final String fromStorage;
        final StoragePath from;
        final String toStorage;
        final StoragePath to;
        final Instant started;
        final AtomicLong bytesDone = new AtomicLong();
        final AtomicLong bytesTotal = new AtomicLong();
        final AtomicInteger filesDone = new AtomicInteger();
        final AtomicInteger filesTotal = new AtomicInteger();
        volatile boolean cancelled;
        volatile State state = State.RUNNING;
        volatile String error;
        volatile Instant ended;

        Running(String id, String owner, String operation, String fromStorage, StoragePath from, String toStorage,
                StoragePath to, Instant started) {
            this.id = id;
            this.owner = owner;
            this.operation = operation;
            this.fromStorage = fromStorage;
            this.from = from;
            this.toStorage = toStorage;
            this.to = to;
            this.started = started;
        }

        void finish(State end, String message, Instant at) {
            error = message;
            ended = at;
            state = end;
        }

        Transfer snapshot() {
            return new Transfer(id, owner, operation, fromStorage, from.absolute(), toStorage, to.absolute(), state,
                    bytesDone.get(), bytesTotal.get(), filesDone.get(), filesTotal.get(), Optional.ofNullable(error),
                    started, Optional.ofNullable(ended));
        }
    }
}
