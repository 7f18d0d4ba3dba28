package org.gantry.marketplace;

import static org.assertj.core.api.Assertions.assertThat;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;

class MarkdownTest {

    @Test
    void script_and_event_handlers_come_out_inert() {
        String html = Markdown.toSafeHtml("# Title\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(2)>\n\n"
                + "<a href=\"javascript:alert(3)\" onclick=\"alert(4)\">x</a> **bold**");

        assertThat(html).contains("<h1>Title</h1>").contains("<strong>bold</strong>");
        Document page = Jsoup.parseBodyFragment(html);
        assertThat(page.select("script, img, iframe, style")).isEmpty();
        assertThat(page.getAllElements()).allSatisfy(element -> assertThat(element.attributes().asList())
                .noneMatch(a -> a.getKey().startsWith("on") || a.getValue().startsWith("javascript")));
    }

    @Test
    void links_open_without_giving_the_page_a_handle_on_gantry() {
        String html = Markdown.toSafeHtml("[docs](https://example.org/x) and [bad](javascript:alert(1))");

        assertThat(html).contains("href=\"https://example.org/x\"").contains("rel=\"noopener noreferrer nofollow\"");
        assertThat(html).doesNotContain("javascript:");
    }
}
