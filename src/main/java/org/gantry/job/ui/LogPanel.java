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
 * A live tail of one task's stdout or stderr: the last {@link #TAIL_BYTES} first, then what
 * follows each time {@link #poll()} is called, scrolled to the end while "Follow" is on. The
 * full log is a download streamed a chunk at a time. Shows at most {@link #SHOWN_CHARS} characters.
 */
class LogPanel extends VerticalLayout {

    static final int TAIL_BYTES = 64 * 1024;
    static final int SHOWN_CHARS = 256 * 1024;
    private static final int CHUNK = 1024 * 1024;

    final Span task = new Span();
    final Select<TaskLogs.Stream> stream = new Select<>();
    final Checkbox follow = new Checkbox("Follow", true);
    final Anchor download = new Anchor();
    final Pre text = new Pre();

    private final TaskLogs logs;
    private String owner = "";
    private String job = "";
    private String role = "";
    private int index;
    private long offset = -1;
    private boolean complete;

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
        task.getStyle().set("font-weight", "600");
        HorizontalLayout bar = new HorizontalLayout(task, stream, follow, download);
        bar.setAlignItems(FlexComponent.Alignment.BASELINE);
        add(bar, text);
        setVisible(false);
    }

    /** Shows task {@code role[index]} of {@code owner~job} from its tail. */
    void show(String owner, String job, String role, int index) {
        this.owner = owner;
        this.job = job;
        this.role = role;
        this.index = index;
        task.setText(role + "-" + index);
        setVisible(true);
        restart();
    }

    boolean showing(String role, int index) {
        return isVisible() && this.role.equals(role) && this.index == index;
    }

    /** Appends what the task wrote since the last read; a no-op once the attempt's log is complete. */
    void poll() {
        if (!isVisible() || complete) {
            return;
        }
        Optional<TaskLogs.Chunk> chunk = offset < 0
                ? logs.read(owner, job, role, index, stream.getValue(), 0, Optional.of(TAIL_BYTES), TAIL_BYTES)
                : logs.read(owner, job, role, index, stream.getValue(), offset, Optional.empty(), CHUNK);
        if (chunk.isEmpty()) {
            text.setText("The task has not started yet.");
            return;
        }
        if (offset < 0) {
            text.setText("");
        }
        append(new String(chunk.get().data(), StandardCharsets.UTF_8));
        offset = chunk.get().nextOffset();
        complete = chunk.get().complete();
    }

    private void restart() {
        offset = -1;
        complete = false;
        text.setText("");
        TaskLogs.Stream which = stream.getValue();
        String file = job + "-" + role + "-" + index + "." + which.name().toLowerCase(Locale.ROOT) + ".log";
        String o = owner;
        String j = job;
        String r = role;
        int i = index;
        download.setHref(DownloadHandler.fromInputStream(event -> new DownloadResponse(
                new ChunkedLog(logs, o, j, r, i, which), file, "text/plain", -1)));
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
        private final TaskLogs.Stream stream;
        private byte[] buffer = new byte[0];
        private int position;
        private long next;
        private boolean ended;

        ChunkedLog(TaskLogs logs, String owner, String job, String role, int index, TaskLogs.Stream stream) {
            this.logs = logs;
            this.owner = owner;
            this.job = job;
            this.role = role;
            this.index = index;
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
            Optional<TaskLogs.Chunk> chunk = logs.read(owner, job, role, index, stream, next, Optional.empty(), CHUNK);
            buffer = chunk.map(TaskLogs.Chunk::data).orElse(new byte[0]);
            position = 0;
            next = chunk.map(TaskLogs.Chunk::nextOffset).orElse(next);
            ended = buffer.length == 0;
            return !ended;
        }
    }
}
