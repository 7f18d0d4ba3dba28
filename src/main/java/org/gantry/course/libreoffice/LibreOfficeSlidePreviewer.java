package org.gantry.course.libreoffice;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.gantry.course.SlidePreviewer;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Slide previews by LibreOffice in headless mode ({@code soffice --convert-to pdf}), when
 * {@code soffice} is installed (Debian: {@code libreoffice-impress-nogui}). Each conversion gets
 * its own scratch directory and user profile, so that runs never share LibreOffice's profile
 * lock; one conversion runs at a time, as each takes a core for seconds.
 */
@Component
class LibreOfficeSlidePreviewer implements SlidePreviewer {

    private final Optional<Path> soffice;
    private final Duration timeout;
    private final Semaphore oneAtATime = new Semaphore(1);

    LibreOfficeSlidePreviewer(@Value("${gantry.courses.soffice:}") String configured,
                              @Value("${gantry.courses.preview-timeout:PT2M}") Duration timeout) {
        this.soffice = configured.isBlank() ? onPath() : Optional.of(Path.of(configured)).filter(Files::isExecutable);
        this.timeout = timeout;
    }

    @Override
    public boolean available() {
        return soffice.isPresent();
    }

    @Override
    public void toPdf(Path slides, Path pdf) throws IOException {
        Path binary = soffice.orElseThrow(() -> new IOException("LibreOffice (soffice) is not installed on this"
                + " server."));
        String name = slides.getFileName().toString();
        String ext = name.substring(name.lastIndexOf('.') + 1);
        Path work = Files.createTempDirectory("gantry-preview-");
        try {
            Path input = work.resolve("slides." + ext);
            Files.copy(slides, input);
            Process process;
            oneAtATime.acquireUninterruptibly();
            try {
                process = new ProcessBuilder(binary.toString(), "--headless", "--norestore", "--nologo",
                        "-env:UserInstallation=" + work.resolve("profile").toUri(), "--convert-to", "pdf", "--outdir",
                        work.resolve("out").toString(), input.toString())
                        .redirectErrorStream(true).redirectOutput(work.resolve("log.txt").toFile()).start();
                if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    process.descendants().forEach(ProcessHandle::destroyForcibly);
                    process.destroyForcibly();
                    throw new IOException("LibreOffice took longer than " + timeout.toSeconds() + " s.");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("Interrupted while LibreOffice converted " + name + ".", e);
            } finally {
                oneAtATime.release();
            }
            Path out = work.resolve("out").resolve("slides.pdf");
            if (process.exitValue() != 0 || !Files.isRegularFile(out)) {
                throw new IOException("LibreOffice could not convert " + name + " (exit " + process.exitValue()
                        + "): " + tail(work.resolve("log.txt")));
            }
            Files.move(out, pdf, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            deleteTree(work);
        }
    }

    private static Optional<Path> onPath() {
        String path = Optional.ofNullable(System.getenv("PATH")).orElse("/usr/bin:/bin");
        return Arrays.stream(path.split(java.io.File.pathSeparator)).flatMap(dir -> Stream.of("soffice",
                "libreoffice").map(n -> Path.of(dir, n))).filter(Files::isExecutable).findFirst();
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join(" ", lines.subList(Math.max(0, lines.size() - 3), lines.size()));
        } catch (IOException e) {
            return "no output";
        }
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a scratch directory left in the temporary directory is harmless
        }
    }
}
