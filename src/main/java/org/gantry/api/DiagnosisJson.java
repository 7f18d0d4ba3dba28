package org.gantry.api;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gantry.diagnostics.DiagnosticsService;
import org.gantry.diagnostics.JobDiagnosis;

/**
 * A job's diagnosis in OpenPAI's job status fields ({@code appExitSpec} with the names of
 * OpenPAI's exit spec, {@code appExitDiagnostics}, {@code appExitMessages.runtime},
 * {@code appExitTrigger*}, {@code appExitType}) and in Gantry's own diagnostics answer.
 */
final class DiagnosisJson {

    private DiagnosisJson() {
    }

    /** Fills the job status fields of a status answer from the job's diagnosis, when it has one. */
    @SuppressWarnings("unchecked")
    static void addTo(Map<String, Object> detail, DiagnosticsService diagnostics, String user, String job) {
        Map<String, Object> status = (Map<String, Object>) detail.get("jobStatus");
        String state = String.valueOf(status.get("state"));
        if (!state.equals("FAILED") && !state.equals("STOPPED")) {
            return;
        }
        Optional<JobDiagnosis> found = diagnostics.diagnose(user, job);
        if (found.isEmpty()) {
            return;
        }
        JobDiagnosis d = found.get();
        status.put("appExitSpec", exitSpec(d));
        Object recorded = status.get("appExitDiagnostics");
        status.put("appExitDiagnostics", d.phrase() + ": " + d.reason() + "\nWhat to do: " + d.solution()
                + (recorded == null ? "" : "\n\n" + recorded));
        Map<String, Object> messages = new LinkedHashMap<>((Map<String, Object>) status.get("appExitMessages"));
        messages.put("runtime", runtime(d));
        status.put("appExitMessages", messages);
        int dash = d.task().lastIndexOf('-');
        status.put("appExitTriggerMessage", d.quote() != null ? d.quote() : d.reason());
        status.put("appExitTriggerTaskRoleName", d.task().substring(0, dash));
        status.put("appExitTriggerTaskIndex", Integer.parseInt(d.task().substring(dash + 1)));
        status.put("appExitType", type(d));
    }

    /** OpenPAI's exit spec: code, phrase, issuer, causer, type, stage, behavior, reaction, reason, repro, solution, pattern. */
    static Map<String, Object> exitSpec(JobDiagnosis d) {
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("code", d.code());
        spec.put("phrase", d.phrase());
        spec.put("issuer", "PAI_RUNTIME");
        spec.put("causer", switch (d.category()) {
            case "platform" -> "PAI_RUNTIME";
            case "hardware" -> "HARDWARE";
            default -> "USER";
        });
        spec.put("type", type(d));
        spec.put("stage", d.step() == null || d.step().equals("task") ? "RUNNING" : "LAUNCHING");
        spec.put("behavior", !d.failure() ? "UNKNOWN" : d.transientFailure() ? "TRANSIENT_NORMAL" : "NON_TRANSIENT");
        spec.put("reaction", d.transientFailure() ? "RETRY_TO_MAX" : "NEVER_RETRY");
        spec.put("reason", d.reason());
        List<String> repro = new ArrayList<>();
        if (d.quote() != null) {
            repro.add(d.quote());
        }
        spec.put("repro", repro);
        spec.put("solution", List.of(d.solution()));
        spec.put("pattern", d.pattern());
        return spec;
    }

    private static String type(JobDiagnosis d) {
        if (!d.failure()) {
            return "USER_STOP";
        }
        return switch (d.category()) {
            case "platform", "hardware" -> "PLATFORM_FAILURE";
            default -> "USER_FAILURE";
        };
    }

    private static Map<String, Object> runtime(JobDiagnosis d) {
        Map<String, Object> runtime = new LinkedHashMap<>();
        runtime.put("originalUserExitCode", d.exitCode());
        runtime.put("caughtException", null);
        runtime.put("errorLogs", Map.of("user", d.quote() == null ? "" : d.quote()));
        runtime.put("name", d.phrase());
        runtime.put("reason", d.reason());
        runtime.put("solution", d.solution());
        return runtime;
    }

    /** Gantry's diagnostics answer: the diagnosis with its place, and OpenPAI's exit spec of it. */
    static Map<String, Object> answer(String user, String job, Optional<JobDiagnosis> found) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("job", user + "~" + job);
        json.put("diagnosed", found.isPresent());
        found.ifPresentOrElse(d -> {
            Map<String, Object> diagnosis = new LinkedHashMap<>();
            diagnosis.put("code", d.code());
            diagnosis.put("phrase", d.phrase());
            diagnosis.put("category", d.category());
            diagnosis.put("behavior", d.behavior());
            diagnosis.put("failure", d.failure());
            diagnosis.put("task", d.task());
            diagnosis.put("jobAttempt", d.jobAttempt());
            diagnosis.put("taskAttempt", d.taskAttempt());
            diagnosis.put("step", d.step());
            diagnosis.put("exitCode", d.exitCode());
            diagnosis.put("reason", d.reason());
            diagnosis.put("solution", d.solution());
            diagnosis.put("matchedLine", d.quote());
            diagnosis.put("source", d.source());
            diagnosis.put("link", d.link());
            diagnosis.put("fix", d.fix());
            json.put("diagnosis", diagnosis);
            json.put("appExitSpec", exitSpec(d));
        }, () -> json.put("message", "Nothing to diagnose: the job has not failed, or nothing in the failure"
                + " catalogue matches what it left (its exit code and logs tell more)."));
        return json;
    }
}
