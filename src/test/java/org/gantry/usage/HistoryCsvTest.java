package org.gantry.usage;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HistoryCsvTest {

    @Test
    void fields_with_commas_quotes_or_line_breaks_are_quoted() {
        assertThat(HistoryCsv.escape("plain")).isEqualTo("plain");
        assertThat(HistoryCsv.escape("a,b")).isEqualTo("\"a,b\"");
        assertThat(HistoryCsv.escape("say \"hi\"")).isEqualTo("\"say \"\"hi\"\"\"");
        assertThat(HistoryCsv.escape("two\nlines")).isEqualTo("\"two\nlines\"");
        assertThat(HistoryCsv.escape(null)).isEmpty();
    }

    @Test
    void a_field_a_spreadsheet_would_run_as_a_formula_is_defused() {
        assertThat(HistoryCsv.escape("=HYPERLINK(\"x\")")).isEqualTo("\"'=HYPERLINK(\"\"x\"\")\"");
        assertThat(HistoryCsv.escape("-job")).isEqualTo("'-job");
        assertThat(HistoryCsv.escape("@user")).isEqualTo("'@user");
    }
}
