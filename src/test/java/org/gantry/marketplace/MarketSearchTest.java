package org.gantry.marketplace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class MarketSearchTest {

    @Test
    void a_phrase_needs_each_pair_of_its_adjacent_lexemes() {
        assertThat(MarketSearch.pairQuery("'tensorflow' <-> 'loader' & 'vision'"))
                .contains("'tensorflow loader'");
        assertThat(MarketSearch.pairQuery("'deep-learn' <-> 'deep' <-> 'learn' <3> 'win' & 'x'"))
                .contains("'deep-learn deep' & 'deep learn'");
        assertThat(MarketSearch.pairQuery("'a' <-> 'b' & 'c' <-> 'd' & 'a' <-> 'b'")).contains("'a b' & 'c d'");
    }

    @Test
    void no_pairs_without_a_phrase_or_where_a_phrase_need_not_match() {
        assertThat(MarketSearch.pairQuery("'vision' & 'panda'")).isEmpty();
        assertThat(MarketSearch.pairQuery("'learn' <2> 'win'")).isEmpty();
        assertThat(MarketSearch.pairQuery("")).isEmpty();
        // Under OR or NOT a phrase may be absent from a match.
        assertThat(MarketSearch.pairQuery("'b' <-> 'c' | 'd'")).isEmpty();
        assertThat(MarketSearch.pairQuery("'x' & !( 'b' <-> 'c' )")).isEmpty();
        // Escaped quotes or backslashes inside a lexeme: not reproduced, so not used.
        assertThat(MarketSearch.pairQuery("'it''s' <-> 'x'")).isEmpty();
        assertThat(MarketSearch.pairQuery("'a\\\\b' <-> 'x'")).isEmpty();
    }

    @Test
    void the_last_word_typed_is_a_prefix() {
        assertThat(MarketSearch.prefixQuery("deep lea")).isEqualTo(Optional.of("deep & lea:*"));
        assertThat(MarketSearch.prefixQuery(" -- ")).isEmpty();
    }

    @Test
    void a_headline_keeps_its_marks_and_escapes_the_rest() {
        assertThat(MarketplaceService.markedHtml("a \u0002vision\u0003 <script>x</script> & \"b\" 'c'"))
                .isEqualTo("a <mark>vision</mark> &lt;script&gt;x&lt;/script&gt; &amp; &quot;b&quot; &#39;c&#39;");
        assertThat(MarketplaceService.markedHtml("réseau \u0002données\u0003"))
                .isEqualTo("réseau <mark>données</mark>");
    }
}
