package org.gantry.terminal;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Real processes as a test task's account, started the way the runner starts the task's own. */
public final class TaskProcesses {

    private TaskProcesses() {
    }

    /**
     * Starts {@code command} as the task's account in its working directory with the
     * environment the runner gives a task ({@code HOME} is the working directory).
     */
    public static Process startInTask(TaskShellTarget.Local target, List<String> command) throws IOException {
        return start(target.osAccount(), target.workingDirectory(), "HOME=" + target.workingDirectory(), command);
    }

    /** Starts {@code command} as the task's account, but as a process of some other task of that account. */
    public static Process startBesideTask(TaskShellTarget.Local target, Path directory, List<String> command)
            throws IOException {
        return start(target.osAccount(), directory, "HOME=" + directory, command);
    }

    /**
     * {@code python3 -m http.server} on a fresh loopback port as the task's account, but outside the
     * task (a directory and environment of its own), added to {@code processes}; returns its port once
     * it listens.
     */
    public static int httpServerBesideTask(TaskShellTarget.Local target, List<Process> processes)
            throws IOException, InterruptedException {
        Path elsewhere = Files.createTempDirectory("gantry-other-task-");
        elsewhere.toFile().setReadable(true, false);
        elsewhere.toFile().setExecutable(true, false);
        int port = freePort();
        Process other = startBesideTask(target, elsewhere, List.of("python3", "-m", "http.server",
                Integer.toString(port), "--bind", "127.0.0.1"));
        processes.add(other);
        awaitListening(port, other);
        return port;
    }

    private static Process start(String accountName, Path directory, String home, List<String> command)
            throws IOException {
        OsAccount account = OsAccount.lookup(accountName).orElseThrow();
        List<String> argv = new ArrayList<>();
        if ("root".equals(System.getProperty("user.name"))) {
            argv.addAll(List.of("setpriv", "--reuid=" + account.uid(), "--regid=" + account.gid(), "--init-groups",
                    "--"));
        }
        argv.addAll(List.of("env", "-i", home, "PATH=/usr/bin:/bin"));
        argv.addAll(command);
        return new ProcessBuilder(argv).directory(directory.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    }

    /** A TCP port nothing listens on right now. */
    public static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** Waits until something accepts connections on {@code 127.0.0.1:port}. */
    public static void awaitListening(int port, Process process) throws IOException, InterruptedException {
        awaitListening(port, process, 30);
    }

    /**
     * Waits up to {@code seconds}: a CLI command starts a JVM, asks the REST API and starts ssh before it
     * listens, which takes long on a busy machine.
     */
    public static void awaitListening(int port, Process process, int seconds) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < deadline) {
            if (process != null && !process.isAlive()) {
                throw new IOException("The process meant to listen on " + port + " exited with " + process.exitValue());
            }
            try (Socket socket = new Socket("127.0.0.1", port)) {
                return;
            } catch (IOException notYet) {
                Thread.sleep(100);
            }
        }
        throw new IOException("Nothing listens on " + port);
    }
}
