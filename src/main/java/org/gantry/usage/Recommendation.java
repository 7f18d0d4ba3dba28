package org.gantry.usage;

/**
 * Advice drawn from a user's jobs: what was seen, in how many jobs, and what to do instead;
 * {@code link} points at the docs or marketplace item that helps ({@code ""} when none).
 */
public record Recommendation(String code, String title, String advice, long jobs, String link) {

    public Recommendation {
        link = link == null ? "" : link;
    }

    public Recommendation(String code, String title, String advice, long jobs) {
        this(code, title, advice, jobs, "");
    }

    /** The link when it is safe to put in an {@code href}: a web address or a path of the portal. */
    public java.util.Optional<String> safeLink() {
        return safe(link);
    }

    /** {@code link} when it is a web address or a path of the portal, for an {@code href}. */
    public static java.util.Optional<String> safe(String link) {
        return link != null && (link.startsWith("https://") || link.startsWith("http://")
                || link.startsWith("/") && !link.startsWith("//")) ? java.util.Optional.of(link)
                : java.util.Optional.empty();
    }
}
