package org.gantry.terminal.proxy;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gantry.terminal.TaskRoute;

/**
 * A request to the browser proxy, read from its path
 * {@code /jobs/<user>~<job>/proxy/<role>/<index>/<port>/<rest>}: which task, which of its ports,
 * and the path the task's server is asked for.
 *
 * <p>Under {@code proxy/} the task's server sees {@code /<rest>} and learns the prefix from
 * {@code X-Forwarded-Prefix}, which suits servers with relative links ({@code python3 -m
 * http.server}, TensorBoard). Under {@code proxy-full/} it sees the whole path, for servers told
 * their base URL (Jupyter's {@code --ServerApp.base_url}, TensorBoard's {@code --path_prefix}).
 * See docs/decisions/0027-browser-proxy-to-task-ports.md.
 *
 * @param route the task, role and index filled in
 * @param port the task's port
 * @param prefix the path up to and without the slash after the port, as the browser sent it
 * @param rest the path after the prefix, starting with {@code /}, still URL-encoded
 * @param fullPath whether the task's server is given the whole path ({@code proxy-full/})
 */
public record ProxyTarget(TaskRoute route, int port, String prefix, String rest, boolean fullPath) {

    /** The two path words: prefix stripped, or kept. */
    public static final String STRIPPED = "proxy";
    public static final String FULL = "proxy-full";

    private static final Pattern PATH = Pattern.compile(
            "(/jobs/([^/]+)/(proxy|proxy-full)/([^/]+)/(0|[1-9][0-9]{0,5})/([1-9][0-9]{0,4}))(/.*)?");

    /**
     * Reads a request path (within the application, still URL-encoded).
     *
     * @return empty when the path is not the proxy's at all
     * @throws IllegalArgumentException when it is, but names no valid task or port; the message says why
     */
    public static Optional<ProxyTarget> parse(String path) {
        Matcher m = PATH.matcher(path);
        if (!path.startsWith("/jobs/") || !m.matches()) {
            if (path.matches("/jobs/[^/]+/(proxy|proxy-full)(/.*)?")) {
                throw new IllegalArgumentException("Open a task's port as /jobs/<user>~<job>/proxy/<role>/<index>/<port>/");
            }
            return Optional.empty();
        }
        String jobId = URLDecoder.decode(m.group(2), StandardCharsets.UTF_8);
        String[] job = jobId.split("~", -1);
        if (job.length != 2) {
            throw new IllegalArgumentException("`" + jobId + "` is not a job id <user>~<job>");
        }
        String role = URLDecoder.decode(m.group(4), StandardCharsets.UTF_8);
        int port = Integer.parseInt(m.group(6));
        if (port > 65535) {
            throw new IllegalArgumentException(port + " is not a TCP port");
        }
        TaskRoute route = new TaskRoute(job[0], job[1], Optional.of(role), OptionalInt.of(Integer.parseInt(m.group(5))));
        return Optional.of(new ProxyTarget(route, port, m.group(1), m.group(7) == null ? "" : m.group(7),
                FULL.equals(m.group(3))));
    }

    /** The app-relative path (with a trailing slash) where the browser opens {@code port} of a task. */
    public static String path(TaskRoute route, int port) {
        return "/jobs/" + route.jobId() + "/" + STRIPPED + "/" + route.taskRole().orElseThrow() + "/"
                + route.taskIndex().orElseThrow() + "/" + port + "/";
    }

    /** The path the task's server is asked for: the rest, or the whole path under {@code proxy-full/}. */
    public String backendPath() {
        String path = rest.isEmpty() ? "/" : rest;
        return fullPath ? prefix + path : path;
    }
}
