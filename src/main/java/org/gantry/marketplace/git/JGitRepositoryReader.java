package org.gantry.marketplace.git;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;
import org.eclipse.jgit.api.CloneCommand;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.gantry.marketplace.ItemDraft;
import org.gantry.marketplace.MarketplaceException;
import org.gantry.marketplace.RepositoryReader;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Shallow-clones a repository into a temporary directory with JGit, reads the README and a
 * job YAML, and deletes the clone. Remote URLs must be http(s), ssh or git; a local path or
 * {@code file:} URL only when {@code gantry.marketplace.git-allow-local} is set (it would let
 * users read repositories on the server).
 */
@Component
class JGitRepositoryReader implements RepositoryReader {

    private static final List<String> READMES = List.of("README.md", "readme.md", "README", "README.txt");
    private static final List<String> JOB_FILES = List.of("job.yaml", "job.yml", ".gantry/job.yaml", "pai.yaml");
    private static final int TIMEOUT_SECONDS = 60;

    private final boolean allowLocal;

    JGitRepositoryReader(@Value("${gantry.marketplace.git-allow-local:false}") boolean allowLocal) {
        this.allowLocal = allowLocal;
    }

    @Override
    public Snapshot read(String url, Optional<String> ref) {
        check(url);
        Path dir = null;
        try {
            dir = Files.createTempDirectory("gantry-market-git-");
            CloneCommand clone = Git.cloneRepository().setURI(url).setDirectory(dir.toFile()).setDepth(1)
                    .setTimeout(TIMEOUT_SECONDS).setCloneSubmodules(false);
            ref.filter(r -> !r.isBlank()).ifPresent(r -> clone.setBranch(r));
            Path clonedTo = dir;
            try (Git git = clone.call()) {
                String commit = git.getRepository().resolve("HEAD").name();
                return new Snapshot(commit, first(dir, READMES, ItemDraft.DESCRIPTION_MAX),
                        first(dir, JOB_FILES, ItemDraft.CONTENT_MAX).or(() -> anyJobYaml(clonedTo)));
            }
        } catch (GitAPIException e) {
            throw new MarketplaceException(MarketplaceException.Kind.INVALID, "Could not read Git repository " + url
                    + ": " + e.getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            delete(dir);
        }
    }

    private void check(String url) {
        if (url == null || url.isBlank() || url.length() > 1024 || url.startsWith("-")) {
            throw new MarketplaceException(MarketplaceException.Kind.INVALID, "Give the repository's URL.");
        }
        String scheme = url.contains("://") ? URI.create(url).getScheme().toLowerCase(Locale.ROOT)
                : url.matches("[\\w.-]+@[\\w.-]+:.*") ? "ssh" : "file";
        boolean remote = List.of("http", "https", "ssh", "git").contains(scheme);
        if (!remote && !(allowLocal && scheme.equals("file"))) {
            throw new MarketplaceException(MarketplaceException.Kind.INVALID, "A repository URL is http(s), ssh or"
                    + " git; local paths are not allowed on this server.");
        }
    }

    private static Optional<String> first(Path dir, List<String> names, int max) throws IOException {
        for (String name : names) {
            Path file = dir.resolve(name);
            if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) && Files.size(file) <= max) {
                return Optional.of(Files.readString(file, StandardCharsets.UTF_8));
            }
        }
        return Optional.empty();
    }

    /** A top-level YAML file that declares {@code protocolVersion}, when no usual name is there. */
    private static Optional<String> anyJobYaml(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().matches(".*\\.ya?ml"))
                    .filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)).sorted()
                    .map(p -> {
                        try {
                            return Files.size(p) <= ItemDraft.CONTENT_MAX ? Files.readString(p) : "";
                        } catch (IOException e) {
                            return "";
                        }
                    })
                    .filter(text -> text.contains("protocolVersion")).findFirst();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static void delete(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temporary directory left behind is harmless
        }
    }
}
