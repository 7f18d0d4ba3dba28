package org.gantry.usage;

import java.io.Writer;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.YearMonth;
import java.time.format.TextStyle;
import java.util.List;
import java.util.Locale;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import org.springframework.web.util.HtmlUtils;

/**
 * The monthly digest as an Atom feed (RFC 4287): one entry per month, newest first, its
 * content the month's figures, diagnoses and advice as HTML ({@code type="html"}, so escaped
 * once more by the XML writer). Ids are URNs that never change for a user and month.
 */
public final class DigestFeed {

    public static final String MEDIA_TYPE = "application/atom+xml";
    private static final String ATOM = "http://www.w3.org/2005/Atom";

    private DigestFeed() {
    }

    /**
     * Writes the feed of {@code username}'s digest; {@code pageUrl} is the absolute address of
     * the digest page the entries link to, {@code now} the feed's update time when it has no entry.
     */
    public static void write(String username, List<DigestService.Month> months, Money money, String pageUrl,
                             Instant now, Writer out) {
        try {
            XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(out);
            xml.writeStartDocument("UTF-8", "1.0");
            xml.writeStartElement("feed");
            xml.writeDefaultNamespace(ATOM);
            text(xml, "id", "urn:gantry:usage-digest:" + username);
            text(xml, "title", "Gantry usage digest of " + username);
            text(xml, "updated", (months.isEmpty() ? now : months.get(0).end()).toString());
            xml.writeStartElement("author");
            text(xml, "name", "Gantry");
            xml.writeEndElement();
            link(xml, "alternate", pageUrl);
            for (DigestService.Month m : months) {
                xml.writeStartElement("entry");
                text(xml, "id", "urn:gantry:usage-digest:" + username + ":" + m.month());
                text(xml, "title", title(m.month()));
                text(xml, "updated", m.end().toString());
                link(xml, "alternate", pageUrl + "#" + m.month());
                xml.writeStartElement("content");
                xml.writeAttribute("type", "html");
                xml.writeCharacters(html(m, money));
                xml.writeEndElement();
                xml.writeEndElement();
            }
            xml.writeEndElement();
            xml.writeEndDocument();
            xml.flush();
        } catch (XMLStreamException e) {
            throw new IllegalStateException("The digest feed could not be written: " + e.getMessage(), e);
        }
    }

    /** "November 2026". */
    public static String title(YearMonth month) {
        return month.getMonth().getDisplayName(TextStyle.FULL, Locale.ENGLISH) + " " + month.getYear();
    }

    /** One line of figures, as the page and the feed write it. */
    public static String figures(DigestService.Month m, Money money) {
        return m.jobs() + (m.jobs() == 1 ? " job" : " jobs") + ", " + m.succeeded() + " of " + m.attempts()
                + " attempts succeeded (" + m.successPercent() + " %), " + hours(m.cpuSeconds()) + " CPU-hours, "
                + hours(m.gpuSeconds()) + " GPU-hours, charges " + money.format(m.chargeMinor());
    }

    static String html(DigestService.Month m, Money money) {
        StringBuilder html = new StringBuilder();
        html.append("<p>").append(escape(figures(m, money))).append("</p>");
        if (!m.topDiagnoses().isEmpty()) {
            html.append("<h4>Diagnoses of failed jobs</h4><ul>");
            for (BehaviourService.DiagnosisCount d : m.topDiagnoses()) {
                html.append("<li>").append(escape(d.phrase())).append(": ").append(d.jobs())
                        .append(d.jobs() == 1 ? " job" : " jobs");
                Recommendation.safe(d.link()).ifPresent(link -> html.append(" (<a href=\"").append(escape(link))
                        .append("\">how to fix</a>)"));
                html.append("</li>");
            }
            html.append("</ul>");
        }
        html.append("<h4>Recommended for you</h4>");
        if (m.recommendations().isEmpty()) {
            html.append("<p>Nothing to advise: that month's jobs show no habit worth changing.</p>");
        } else {
            html.append("<ul>");
            for (Recommendation r : m.recommendations()) {
                html.append("<li><strong>").append(escape(r.title())).append("</strong>: ")
                        .append(escape(r.advice())).append("</li>");
            }
            html.append("</ul>");
        }
        return html.toString();
    }

    static String hours(long resourceSeconds) {
        return BigDecimal.valueOf(resourceSeconds).divide(BigDecimal.valueOf(3600), 2, RoundingMode.HALF_UP)
                .toPlainString();
    }

    private static String escape(String text) {
        return HtmlUtils.htmlEscape(text, "UTF-8");
    }

    private static void text(XMLStreamWriter xml, String name, String value) throws XMLStreamException {
        xml.writeStartElement(name);
        xml.writeCharacters(value);
        xml.writeEndElement();
    }

    private static void link(XMLStreamWriter xml, String rel, String href) throws XMLStreamException {
        xml.writeEmptyElement("link");
        xml.writeAttribute("rel", rel);
        xml.writeAttribute("href", href);
    }
}
