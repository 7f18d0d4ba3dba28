package org.gantry.job.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class HostileDocumentsTest {

    private final ProtocolParser parser = new ProtocolParser();

    static Stream<HostileDocuments.Case> corpus() {
        return HostileDocuments.all().stream();
    }

    @Test
    void the_corpus_holds_at_least_two_hundred_documents() {
        assertThat(HostileDocuments.all()).hasSizeGreaterThanOrEqualTo(200);
    }

    @Test
    void the_base_of_the_wrong_type_cases_is_itself_valid() {
        assertThat(parser.parse(HostileDocuments.FULL).problems()).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void each_hostile_document_is_refused_with_a_positioned_error(HostileDocuments.Case document) {
        ParseResult[] result = new ParseResult[1];
        assertThatCode(() -> result[0] = parser.parse(document.text())).doesNotThrowAnyException();

        List<Problem> errors = result[0].errors();
        assertThat(result[0].spec()).isEmpty();
        assertThat(errors).isNotEmpty();
        assertThat(errors).allSatisfy(error -> {
            assertThat(error.message()).isNotBlank();
            assertThat(error.code()).isNotEqualTo("internal-error");
            assertThat(error.line()).isPositive();
            assertThat(error.column()).isPositive();
            assertThat(error.endLine()).isGreaterThanOrEqualTo(error.line());
        });
    }
}
