package org.gantry.course;

import java.time.Instant;

/** A lecture note's newest version; {@code openedBy} is how many of the audience opened it (instructors only, else -1). */
public record Material(long unitId, String name, int version, long size, String contentType, String sha256,
                       Instant createdAt, int openedBy) {

    public boolean isPdf() {
        return contentType.equals("application/pdf");
    }

    /** PPT, PPTX or ODP: downloaded, or previewed as a PDF where the server can make one. */
    public boolean isSlides() {
        return contentType.contains("powerpoint") || contentType.contains("presentation");
    }

    public boolean isMarkdown() {
        return contentType.startsWith("text/markdown");
    }
}
