package org.gantry.setup;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Semaphore;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.ServletWebRequest;

/**
 * {@code GET /cli/gantry.jar} and {@code GET /cli/install.sh}: public software, served without
 * sign-in (SecurityConfiguration lets these two paths through). Both answer from memory with a
 * strong ETag and {@code Cache-Control: no-cache}, so clients and proxies keep a copy and
 * revalidate it (304); at most {@code gantry.setup.max-downloads} jars go out at once.
 */
@RestController
class CliDownloadController {

    private final CliDistribution distribution;
    private final ServerAddress serverAddress;
    private final Semaphore downloads;

    CliDownloadController(CliDistribution distribution, ServerAddress serverAddress, SetupProperties properties) {
        this.distribution = distribution;
        this.serverAddress = serverAddress;
        this.downloads = new Semaphore(properties.maxDownloads());
    }

    @GetMapping("/cli/gantry.jar")
    void jar(ServletWebRequest request, HttpServletResponse response) throws IOException {
        var jar = distribution.jar();
        if (jar.isEmpty()) {
            text(response, 404, "This Gantry has no CLI jar: it runs from classes that were never packaged."
                    + " Build it with `mvn -Pproduction -DskipTests package` and start target/gantry.jar.");
            return;
        }
        if (request.checkNotModified(jar.get().etag())) {
            return;
        }
        if (!downloads.tryAcquire()) {
            response.setHeader("Retry-After", "5");
            text(response, 503, "Too many downloads of the CLI at once; try again in a few seconds.");
            return;
        }
        try {
            response.setHeader("Content-Disposition", "attachment; filename=\"gantry.jar\"");
            send(response, "application/java-archive", jar.get());
        } finally {
            downloads.release();
        }
    }

    @GetMapping("/cli/install.sh")
    void installScript(ServletWebRequest request, HttpServletResponse response) throws IOException {
        CliDistribution.Artifact script;
        try {
            script = distribution.installScript(serverAddress.of(request.getRequest()));
        } catch (IllegalArgumentException e) {
            text(response, 400, e.getMessage() + "; set gantry.setup.public-url to the address users reach Gantry at.");
            return;
        }
        if (request.checkNotModified(script.etag())) {
            return;
        }
        send(response, "text/x-shellscript; charset=utf-8", script);
    }

    private static void send(HttpServletResponse response, String contentType, CliDistribution.Artifact artifact)
            throws IOException {
        response.setContentType(contentType);
        response.setHeader("ETag", artifact.etag());
        response.setHeader("Cache-Control", "no-cache");
        response.setContentLength(artifact.bytes().length);
        response.getOutputStream().write(artifact.bytes());
    }

    private static void text(HttpServletResponse response, int status, String message) throws IOException {
        response.setStatus(status);
        response.setContentType("text/plain; charset=utf-8");
        response.getOutputStream().write((message + "\n").getBytes(StandardCharsets.UTF_8));
    }
}
