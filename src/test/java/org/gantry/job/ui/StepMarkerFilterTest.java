package org.gantry.job.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class StepMarkerFilterTest {

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void frame_lines_are_dropped_and_the_tasks_own_lines_kept() {
        StepMarkerFilter filter = new StepMarkerFilter(false);

        String shown = filter.next(bytes("::gantry step env start\n::gantry step env end exit=0 ms=3\n"
                + "::gantry step task start\nhello\n\n::gantry step task end exit=0 ms=12\n"), true);

        assertThat(shown).isEqualTo("hello\n\n");
    }

    @Test
    void a_frame_line_split_between_two_reads_is_still_dropped() {
        StepMarkerFilter filter = new StepMarkerFilter(false);

        String first = filter.next(bytes("line 1\n::gantry st"), false);
        String second = filter.next(bytes("ep task end exit=0 ms=5\nline 2\n"), false);

        assertThat(first + second).isEqualTo("line 1\nline 2\n");
    }

    @Test
    void output_without_a_final_newline_keeps_its_text_and_loses_the_frame_after_it() {
        StepMarkerFilter filter = new StepMarkerFilter(false);

        String first = filter.next(bytes("::gantry step task start\nprogress 50%"), false);
        String second = filter.next(bytes("::gantry step task end exit=0 ms=5\n::gantry step callAfter start\n"),
                false);

        assertThat(first).isEqualTo("progress 50%");
        assertThat(first + second).isEqualTo("progress 50%\n");
    }

    @Test
    void text_that_only_looks_like_a_frame_line_stays() {
        StepMarkerFilter filter = new StepMarkerFilter(false);

        assertThat(filter.next(bytes("::gantry step is a word\necho ::gantry step task start now\n"), false))
                .isEqualTo("::gantry step is a word\necho ::gantry step task start now\n");
    }

    @Test
    void a_character_split_between_two_reads_is_shown_whole() {
        StepMarkerFilter filter = new StepMarkerFilter(false);
        byte[] text = bytes("größe\n");

        String first = filter.next(Arrays.copyOfRange(text, 0, 3), false);
        String second = filter.next(Arrays.copyOfRange(text, 3, text.length), false);

        assertThat(first + second).isEqualTo("größe\n");
        assertThat(first).isEqualTo("gr");
    }

    @Test
    void a_tail_starting_inside_a_line_drops_that_fragment() {
        StepMarkerFilter filter = new StepMarkerFilter(true);

        assertThat(filter.next(bytes("tep task start\nfirst whole line\n"), false)).isEqualTo("first whole line\n");
    }
}
