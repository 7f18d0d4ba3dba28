package org.gantry.course.libreoffice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.gantry.testsupport.Slides;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LibreOfficeSlidePreviewerTest {

    @TempDir
    Path dir;

    @Test
    void slides_become_a_pdf_when_libreoffice_is_installed() throws IOException {
        LibreOfficeSlidePreviewer previewer = new LibreOfficeSlidePreviewer("", Duration.ofMinutes(3));
        assumeTrue(previewer.available(), "LibreOffice (libreoffice-impress-nogui) is not installed");
        Path slides = dir.resolve("week 1.odp");
        Files.write(slides, Slides.odp("Week one"));

        previewer.toPdf(slides, dir.resolve("week 1.pdf"));

        byte[] pdf = Files.readAllBytes(dir.resolve("week 1.pdf"));
        assertThat(new String(pdf, 0, 5, StandardCharsets.US_ASCII)).isEqualTo("%PDF-");
        assertThat(new String(pdf, StandardCharsets.ISO_8859_1)).containsPattern("/Type\\s*/Page[^s]");
    }

    @Test
    void a_file_that_is_no_slides_is_refused_with_a_reason() throws IOException {
        LibreOfficeSlidePreviewer previewer = new LibreOfficeSlidePreviewer("", Duration.ofMinutes(3));
        assumeTrue(previewer.available(), "LibreOffice (libreoffice-impress-nogui) is not installed");
        Path broken = dir.resolve("broken.pptx");
        Files.write(broken, "PK\u0003\u0004 not really a zip".getBytes(StandardCharsets.ISO_8859_1));

        assertThatThrownBy(() -> previewer.toPdf(broken, dir.resolve("broken.pdf")))
                .isInstanceOf(IOException.class).hasMessageContaining("could not convert broken.pptx");
        assertThat(dir.resolve("broken.pdf")).doesNotExist();
    }

    @Test
    void without_libreoffice_there_is_no_preview_and_a_conversion_says_why() {
        LibreOfficeSlidePreviewer previewer = new LibreOfficeSlidePreviewer(dir.resolve("no-soffice").toString(),
                Duration.ofSeconds(5));

        assertThat(previewer.available()).isFalse();
        assertThatThrownBy(() -> previewer.toPdf(dir.resolve("a.odp"), dir.resolve("a.pdf")))
                .isInstanceOf(IOException.class).hasMessageContaining("not installed");
    }
}
