package org.gantry.marketplace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class FileKindsTest {

    @Test
    void a_pdf_that_is_an_html_page_is_refused() {
        byte[] html = "<!DOCTYPE html><html><script>alert(1)</script></html>".getBytes(StandardCharsets.UTF_8);

        assertThatThrownBy(() -> FileKinds.contentType("slides.pdf", html))
                .isInstanceOf(MarketplaceException.class).hasMessageContaining("HTML");
    }

    @Test
    void a_file_must_be_what_its_extension_says() {
        assertThatThrownBy(() -> FileKinds.contentType("photo.png", "%PDF-1.7".getBytes(StandardCharsets.US_ASCII)))
                .hasMessageContaining("not what its name says");
        assertThat(FileKinds.contentType("notes.pdf", "%PDF-1.7\n".getBytes(StandardCharsets.US_ASCII)))
                .isEqualTo("application/pdf");
        assertThat(FileKinds.contentType("README.md", "# hi".getBytes(StandardCharsets.UTF_8)))
                .startsWith("text/markdown");
    }

    @Test
    void names_that_could_reach_a_path_or_run_in_a_browser_are_refused() {
        assertThat(FileKinds.checkName("../../etc/passwd.txt")).isPresent();
        assertThat(FileKinds.checkName("a\\b.txt")).isPresent();
        assertThat(FileKinds.checkName("..")).isPresent();
        assertThat(FileKinds.checkName("page.html")).isPresent();
        assertThat(FileKinds.checkName("logo.svg")).isPresent();
        assertThat(FileKinds.checkName("lecture 1.pdf")).isEmpty();
    }
}
