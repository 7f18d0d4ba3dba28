package org.gantry.usage;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
import java.io.StringWriter;
import java.time.Instant;
import java.time.YearMonth;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.xml.sax.InputSource;

class DigestFeedTest {

    @Test
    void a_feed_without_months_is_valid_atom_updated_now() throws Exception {
        StringWriter out = new StringWriter();
        DigestFeed.write("ann", List.of(), new Money("EUR", 2), "http://localhost/usage/digest",
                Instant.parse("2031-08-15T12:00:00Z"), out);

        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        Element feed = factory.newDocumentBuilder().parse(new InputSource(new StringReader(out.toString())))
                .getDocumentElement();
        assertThat(feed.getLocalName()).isEqualTo("feed");
        assertThat(feed.getNamespaceURI()).isEqualTo("http://www.w3.org/2005/Atom");
        assertThat(feed.getElementsByTagNameNS("http://www.w3.org/2005/Atom", "updated").item(0).getTextContent())
                .isEqualTo("2031-08-15T12:00:00Z");
        assertThat(feed.getElementsByTagNameNS("http://www.w3.org/2005/Atom", "entry").getLength()).isZero();
    }

    @Test
    void a_link_that_is_no_web_address_or_portal_path_is_not_put_in_an_href() {
        DigestService.Month month = new DigestService.Month(YearMonth.of(2031, 7), 1, 1, 0, 1, 60, 0, 5,
                List.of(new BehaviourService.DiagnosisCount("Odd", 1, "", "javascript:alert(1)")), List.of());

        assertThat(DigestFeed.html(month, new Money("EUR", 2))).contains("<li>Odd: 1 job</li>")
                .doesNotContain("javascript").contains("Nothing to advise");
    }

    @Test
    void a_diagnosis_earns_advice_from_three_failed_jobs_with_its_solution_and_safe_link() {
        List<Recommendation> advice = BehaviourService.recommend(List.of(
                new BehaviourService.DiagnosisCount("CudaOutOfMemory", 3, "Lower the batch size.", "//elsewhere"),
                new BehaviourService.DiagnosisCount("Rare", 2, "Retry.", "/marketplace")));

        assertThat(advice).singleElement().satisfies(r -> {
            assertThat(r.code()).isEqualTo("diagnosis:CudaOutOfMemory");
            assertThat(r.jobs()).isEqualTo(3);
            assertThat(r.link()).as("a protocol-relative link leaves the portal").isEmpty();
            assertThat(r.advice()).isEqualTo("3 of your jobs failed with the same diagnosis, CudaOutOfMemory."
                    + " Lower the batch size. Open one of them for the full diagnosis.");
        });
    }
}
