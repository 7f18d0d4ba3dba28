package org.gantry.course;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Makes a PDF preview of slides (PPT, PPTX, ODP), when this server can: the courses' own
 * interface, so that an office suite stays optional (docs/decisions/0050). Its only adapter,
 * {@code libreoffice}, runs LibreOffice when it is installed.
 */
public interface SlidePreviewer {

    /** Whether this server can make previews at all; the views offer a preview only then. */
    boolean available();

    /**
     * Converts the slides at {@code slides} (a file whose name ends in its type, like
     * {@code .pptx}) to a PDF written to {@code pdf}. Blocks the calling thread until done.
     *
     * @throws IOException when the converter is missing, fails, or takes longer than allowed;
     *                     {@code pdf} is then absent or incomplete
     */
    void toPdf(Path slides, Path pdf) throws IOException;
}
