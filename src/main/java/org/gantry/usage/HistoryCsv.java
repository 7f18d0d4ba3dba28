package org.gantry.usage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.time.Instant;

/**
 * Writes history rows as CSV (RFC 4180: comma, CRLF, quotes doubled), times in ISO 8601
 * UTC, absent values as empty fields. A field that a spreadsheet would run as a formula
 * ({@code = + - @} first) is prefixed with an apostrophe.
 */
final class HistoryCsv {

    static final String HEADER = "attempt_id,job,user,groups,virtual_cluster,executor,node,state,exit_code,"
            + "diagnosis_code,image,task_role,task_index,attempt,submitted_at,started_at,ended_at,wait_seconds,"
            + "run_seconds,cpu,memory_mb,gpu,peak_memory_mb,cpu_time_ms";

    private final Writer out;

    HistoryCsv(Writer out) {
        this.out = out;
    }

    void header() {
        write(HEADER + "\r\n");
    }

    void row(HistoryRow r) {
        StringBuilder line = new StringBuilder(256);
        line.append(r.attemptId()).append(',');
        text(line, r.job());
        text(line, r.user());
        text(line, r.groups());
        text(line, r.virtualCluster());
        text(line, r.executor());
        text(line, r.node());
        text(line, r.state());
        value(line, r.exitCode());
        text(line, r.diagnosisCode());
        text(line, r.image());
        text(line, r.taskRole());
        value(line, r.taskIndex());
        value(line, r.attempt());
        value(line, r.submittedAt());
        value(line, r.startedAt());
        value(line, r.endedAt());
        value(line, r.waitSeconds());
        value(line, r.runSeconds());
        value(line, r.cpu());
        value(line, r.memoryMb());
        value(line, r.gpu());
        value(line, r.peakMemoryMb());
        line.append(r.cpuTimeMs() == null ? "" : r.cpuTimeMs()).append("\r\n");
        write(line.toString());
    }

    private static void value(StringBuilder line, Object value) {
        line.append(value == null ? "" : value instanceof Instant at ? at.toString() : value.toString()).append(',');
    }

    static void text(StringBuilder line, String value) {
        line.append(escape(value)).append(',');
    }

    static String escape(String value) {
        if (value == null || value.isEmpty()) {
            return "";
        }
        String safe = "=+-@".indexOf(value.charAt(0)) >= 0 ? "'" + value : value;
        if (safe.indexOf(',') < 0 && safe.indexOf('"') < 0 && safe.indexOf('\n') < 0 && safe.indexOf('\r') < 0) {
            return safe;
        }
        return '"' + safe.replace("\"", "\"\"") + '"';
    }

    private void write(String text) {
        try {
            out.write(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
