package org.gantry.marketplace;

import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.safety.Cleaner;
import org.jsoup.safety.Safelist;

/**
 * Renders an item's Markdown description to HTML that is safe to put in a page: CommonMark
 * with raw HTML escaped, then jsoup's allow-list cleaner (no script, style, iframe or event
 * handler; links only http, https and mailto, each with {@code rel="noopener noreferrer"}).
 * Both layers on purpose: the cleaner is the guarantee, the escaping keeps text readable.
 */
public final class Markdown {

    private static final Parser PARSER = Parser.builder().build();
    private static final HtmlRenderer RENDERER = HtmlRenderer.builder().escapeHtml(true).sanitizeUrls(true).build();
    private static final Safelist SAFE = Safelist.relaxed()
            .removeTags("img")
            .addTags("hr", "del", "s")
            .addAttributes("code", "class")
            .addProtocols("a", "href", "http", "https", "mailto");

    private Markdown() {
    }

    public static String toSafeHtml(String markdown) {
        String html = RENDERER.render(PARSER.parse(markdown == null ? "" : markdown));
        Document clean = new Cleaner(SAFE).clean(Jsoup.parseBodyFragment(html));
        for (Element link : clean.select("a[href]")) {
            link.attr("rel", "noopener noreferrer nofollow");
            link.attr("target", "_blank");
        }
        clean.outputSettings().prettyPrint(false);
        return clean.body().html();
    }
}
