package org.gantry.marketplace;

import java.util.Optional;

/**
 * Reads what the marketplace takes from a Git repository. The {@code git} package implements
 * it with JGit; nothing else in the marketplace knows Git.
 */
public interface RepositoryReader {

    /**
     * Fetches {@code ref} (a branch or tag; the default branch when empty) of {@code url} and
     * reads its README and job YAML.
     *
     * @throws MarketplaceException INVALID when the URL is not allowed or cannot be read
     */
    Snapshot read(String url, Optional<String> ref);

    /** What was read: the commit, the README's text and a job document, each when present. */
    record Snapshot(String commit, Optional<String> readme, Optional<String> jobYaml) {
    }
}
