package org.gantry.job.ui;

import com.vaadin.flow.component.checkbox.Checkbox;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.Pre;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.server.streams.DownloadHandler;
import com.vaadin.flow.server.streams.DownloadResponse;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;
import org.gantry.job.TaskLogs;

/**
 * A live tail of one task attempt's stdout or stderr: the last {@link #TAIL_BYTES} first, then
 * what follows each time {@link #poll()} is called, scrolled to the end while "Follow" is on.
 * Shows at most {@link #SHOWN_CHARS} characters. The stdout shown leaves out the task script's
 * step frame lines ({@code ::gantry step pip start}; the Steps table above says the same
 * better). The full log is a download streamed a chunk at a time, byte for byte as the task
 * wrote it, frame lines included: a faithful copy of the file, with the steps' timings.
 */
class LogPanel extends VerticalLayout {

    static final int TAIL_BYTES = 64 * 1024;
    static final int SHOWN_CHARS = 256 * 1024;
    private static final int CHUNK = 1024 * 1024;

    final Select<TaskLogs.Stream> stream = new Select<>();
    final Checkbox follow = new Checkbox("Follow", true);
    final Anchor download = new Anchor();
    final Pre text = new Pre();
    /** Says so when the stream is empty, instead of a blank strip. */
    final Span empty = new Span();

    private final TaskLogs logs;
    private String owner = "";
    private String job = "";
    private String role = "";
    private int index;
    private Optional<TaskLogs.Attempt> attempt = Optional.empty();
    private long offset = -1;
    private boolean complete;
    /** Read to the end of an ended attempt, or the attempt was not launched. */
    private boolean settled;
    /** Drops the frame lines from stdout; none for stderr. */
    private Optional<StepMarkerFilter> markers = Optional.empty();

    LogPanel(TaskLogs logs) {
        this.logs = logs;
        setId("log-panel");
        setPadding(false);
        stream.setItems(TaskLogs.Stream.values());
        stream.setItemLabelGenerator(s -> s == TaskLogs.Stream.STDOUT ? "stdout" : "stderr");
        stream.setValue(TaskLogs.Stream.STDOUT);
        stream.setId("log-stream");
        stream.setWidth("8em");
        stream.addValueChangeListener(e -> restart());
        follow.setId("log-follow");
        download.setText("Download full log");
        download.setId("log-download");
        download.getElement().setAttribute("download", true);
        text.setId("log-text");
        text.getStyle().set("font-size", "var(--lumo-font-size-xs)").set("margin", "0").set("width", "100%")
                .set("box-sizing", "border-box").set("max-height", "60vh").set("overflow", "auto")
                .set("padding", "var(--lumo-space-s)").set("background", "var(--lumo-contrast-5pct)")
                .set("border-radius", "var(--lumo-border-radius-m)").set("white-space", "pre-wrap");
        empty.setId("log-empty");
        empty.getStyle().set("color", "var(--lumo-secondary-text-color)").set("font-size", "var(--lumo-font-size-s)");
        HorizontalLayout bar = new HorizontalLayout(stream, follow, download);
        bar.setAlignItems(FlexComponent.Alignment.BASELINE);
        add(bar, empty, text);
        setVisible(false);
    }

    /** Shows an attempt of task {@code role[index]} of {@code owner~job} from its tail. */
    void show(String owner, String job, String role, int index, TaskLogs.Attempt attempt) {
        this.owner = owner;
        this.job = job;
        this.role = role;
        this.index = index;
        this.attempt = Optional.of(attempt);
        setVisible(true);
        restart();
    }

    /** Appends what the task wrote since the last read; a no-op once the attempt's log is complete. */
    void poll() {
        if (!isVisible() || complete) {
            return;
        }
        Optional<TaskLogs.Chunk> chunk = offset < 0
                ? logs.read(owner, job, role, index, attempt, stream.getValue(), 0, Optional.of(TAIL_BYTES), TAIL_BYTES)
                : logs.read(owner, job, role, index, attempt, stream.getValue(), offset, Optional.empty(), CHUNK);
        if (chunk.isEmpty()) {
            text.setText("The attempt has not started yet.");
            settled = true;
            showEmpty();
            return;
        }
        byte[] data = chunk.get().data();
        if (offset < 0) {
            text.setText("");
            long start = chunk.get().nextOffset() - data.length;
            markers = stream.getValue() == TaskLogs.Stream.STDOUT
                    ? Optional.of(new StepMarkerFilter(start > 0)) : Optional.empty();
        }
        boolean end = chunk.get().complete();
        append(markers.map(filter -> filter.next(data, end)).orElseGet(() -> new String(data, StandardCharsets.UTF_8)));
        offset = chunk.get().nextOffset();
        complete = end;
        settled = end;
        showEmpty();
    }

    /** "No output yet" while the attempt may still write, "No output" once it ended; Follow only while it runs. */
    private void showEmpty() {
        boolean nothing = text.getText().isEmpty();
        String which = stream.getValue() == TaskLogs.Stream.STDOUT ? "stdout" : "stderr";
        empty.setText(complete ? "No output on " + which + "." : "No output on " + which + " yet.");
        empty.setVisible(nothing);
        text.setVisible(!nothing);
        follow.setVisible(!complete && !settled);
        if (complete) {
            follow.setValue(false);
        }
    }

    /** Whether the log shown is all there will be, provided the job is over; see {@link StepPanel#settled()}. */
    boolean settled() {
        return !isVisible() || settled;
    }

    private void restart() {
        offset = -1;
        complete = false;
        settled = false;
        text.setText("");
        follow.setValue(true);
        TaskLogs.Stream which = stream.getValue();
        String file = job + "-" + role + "-" + index + "." + which.name().toLowerCase(Locale.ROOT) + ".log";
        String o = owner;
        String j = job;
        String r = role;
        int i = index;
        Optional<TaskLogs.Attempt> a = attempt;
        download.setHref(DownloadHandler.fromInputStream(event -> new DownloadResponse(
                new ChunkedLog(logs, o, j, r, i, a, which), file, "text/plain", -1)));
        poll();
    }

    private void append(String more) {
        if (more.isEmpty()) {
            return;
        }
        String shown = text.getText() + more;
        if (shown.length() > SHOWN_CHARS) {
            shown = shown.substring(shown.length() - SHOWN_CHARS);
        }
        text.setText(shown);
        if (follow.getValue()) {
            text.getElement().executeJs("this.scrollTop = this.scrollHeight");
        }
    }

    /** The whole log as a stream, read a chunk at a time: a large log is never held in memory. */
    private static final class ChunkedLog extends InputStream {

        private final TaskLogs logs;
        private final String owner;
        private final String job;
        private final String role;
        private final int index;
        private final Optional<TaskLogs.Attempt> attempt;
        private final TaskLogs.Stream stream;
        private byte[] buffer = new byte[0];
        private int position;
        private long next;
        private boolean ended;

        ChunkedLog(TaskLogs logs, String owner, String job, String role, int index, Optional<TaskLogs.Attempt> attempt,
                   TaskLogs.Stream stream) {
            this.logs = logs;
            this.owner = owner;
            this.job = job;
            this.role = role;
            this.index = index;
            this.attempt = attempt;
            this.stream = stream;
        }

        @Override
        public int read() {
            return fill() ? buffer[position++] & 0xff : -1;
        }

        @Override
        public int read(byte[] target, int offset, int length) {
            if (length == 0) {
                return 0;
            }
            if (!fill()) {
                return -1;
            }
            int n = Math.min(length, buffer.length - position);
            System.arraycopy(buffer, position, target, offset, n);
            position += n;
            return n;
        }

        private boolean fill() {
            if (position < buffer.length) {
                return true;
            }
            if (ended) {
                return false;
            }
            Optional<TaskLogs.Chunk> chunk = logs.read(owner, job, role, index, attempt, stream, next, Optional.empty(),
                    CHUNK);
            buffer = chunk.map(TaskLogs.Chunk::data).orElse(new byte[0]);
            position = 0;
            next = chunk.map(TaskLogs.Chunk::nextOffset).orElse(next);
            ended = buffer.length == 0;
            return !ended;
        }
    }
}
