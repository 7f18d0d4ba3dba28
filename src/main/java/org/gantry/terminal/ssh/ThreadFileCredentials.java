package org.gantry.terminal.ssh;

import com.sun.jna.Library;
import com.sun.jna.Native;
import java.util.Locale;

/**
 * Linux's per-thread file-system credentials: {@code setfsuid}, {@code setfsgid} and the raw
 * {@code setgroups} system call (glibc's wrapper would change every thread of the JVM). A
 * thread of Gantry running as root that takes a task's account this way is checked by the
 * kernel as that account on every file it touches, and the kernel drops the thread's
 * file capabilities (CAP_DAC_OVERRIDE and the like) while its fsuid is not 0; files it
 * creates belong to the account. The JVM's other threads keep their credentials.
 *
 * <p>Only for a thread that does nothing else afterwards, or that calls {@link #reset}.
 */
final class ThreadFileCredentials {

    private static final long SYS_SETGROUPS = switch (System.getProperty("os.arch").toLowerCase(Locale.ROOT)) {
        case "amd64", "x86_64" -> 116;
        case "aarch64" -> 159;
        default -> -1;
    };

    private ThreadFileCredentials() {
    }

    private interface LibC extends Library {
        int setfsuid(int uid);

        int setfsgid(int gid);

        long syscall(long number, Object... args);
    }

    private static final class Holder {
        static final LibC C = Native.load("c", LibC.class);
    }

    /** Whether this machine's architecture is one whose setgroups call number is known. */
    static boolean supported() {
        return SYS_SETGROUPS > 0;
    }

    /**
     * The calling thread takes {@code uid}, {@code gid} and no other group for file access.
     *
     * @throws IllegalStateException when the kernel did not accept the change (Gantry is not root)
     */
    static void become(int uid, int gid) {
        if (!supported()) {
            throw new IllegalStateException("Per-thread credentials are not known on " + System.getProperty("os.arch"));
        }
        int[] groups = {gid};
        if (Holder.C.syscall(SYS_SETGROUPS, 1L, groups) != 0) {
            throw new IllegalStateException("setgroups failed: " + Native.getLastError());
        }
        Holder.C.setfsgid(gid);
        Holder.C.setfsuid(uid);
        // Both return the previous value whatever happens; an invalid id (-1) reads the current one.
        if (Holder.C.setfsuid(-1) != uid || Holder.C.setfsgid(-1) != gid) {
            throw new IllegalStateException("setfsuid/setfsgid to " + uid + ":" + gid + " failed");
        }
    }

    /** Gives the calling thread root's file access back (its groups stay those of {@link #become}). */
    static void reset() {
        Holder.C.setfsuid(0);
        Holder.C.setfsgid(0);
    }
}
