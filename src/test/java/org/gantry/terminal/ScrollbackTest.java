package org.gantry.terminal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ScrollbackTest {

    @Test
    void keeps_everything_until_full() {
        Scrollback scrollback = new Scrollback(64);
        append(scrollback, "hello\r\n");
        append(scrollback, "world");
        assertThat(text(scrollback)).isEqualTo("hello\r\nworld");
    }

    @Test
    void drops_the_oldest_output_and_starts_the_replay_after_a_line_break() {
        Scrollback scrollback = new Scrollback(16);
        append(scrollback, "line-one\nline-two\nline-3\n");
        // Once anything was dropped the first kept line may be cut, so the replay starts after it.
        assertThat(text(scrollback)).isEqualTo("line-3\n");
        assertThat(scrollback.totalWritten()).isEqualTo(25);
    }

    @Test
    void wraps_across_many_small_writes() {
        Scrollback scrollback = new Scrollback(10);
        for (int i = 0; i < 7; i++) {
            append(scrollback, i + "\n");
        }
        assertThat(text(scrollback)).isEqualTo("3\n4\n5\n6\n");
    }

    @Test
    void a_write_larger_than_the_ring_keeps_its_tail() {
        Scrollback scrollback = new Scrollback(8);
        append(scrollback, "abc\ndefghijkl\nxyz");
        assertThat(text(scrollback)).isEqualTo("xyz");
    }

    private static void append(Scrollback scrollback, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        scrollback.append(bytes, 0, bytes.length);
    }

    private static String text(Scrollback scrollback) {
        return new String(scrollback.snapshot(), StandardCharsets.UTF_8);
    }
}
