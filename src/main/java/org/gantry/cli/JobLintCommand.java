package org.gantry.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.gantry.job.lint.Finding;
import org.gantry.job.lint.LintContext;
import org.gantry.job.lint.Linter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code gantry job lint FILE}: the editor's linter on the command line.
 *
 * <p>By default it lints locally, without a server and without signing in, with ShellCheck
 * when one is installed; expression keys and quotas are then unknown and not checked. With
 * {@code --server [URL]} it sends the file to {@code POST /api/v2/jobs/lint} of that server
 * (by default the one {@code gantry login} remembered), which knows both, with the token
 * {@code gantry login} got from it. Exit code 1 when there is an error.
 */
@Command(name = "lint", description = "Check a job YAML file: schema, templates, commands (locally, or with --server"
        + " on the signed-in server, which also knows your expressions and the quotas).")
class JobLintCommand implements Callable<Integer> {

    private static final String SIGNED_IN = "(signed-in)";

    @Parameters(paramLabel = "FILE", arity = "0..1", description = "Job YAML (OpenPAI protocol v2); - reads standard"
            + " input")
    String file;

    @Option(names = "--server", arity = "0..1", paramLabel = "URL", fallbackValue = SIGNED_IN,
            description = "Lint on this Gantry (default: the one you signed in to with `gantry login`)")
    String server;

    @Option(names = "--json", description = "Print the findings as JSON")
    boolean json;

    @Override
    public Integer call() throws Exception {
        resolveArguments();
        Optional<ApiClient> api = server == null ? Optional.empty() : Optional.of(server.equals(SIGNED_IN)
                ? ApiClient.fromConfig() : ApiClient.forServer(server));
        String yaml = readFile();
        List<Line> lines = api.isPresent() ? remote(yaml, api.get()) : local(yaml);
        PrintStream out = System.out;
        if (json) {
            out.println(new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(lines));
        } else {
            lines.forEach(l -> out.println(file + ":" + l.line() + ":" + l.column() + ": " + l.severity().toLowerCase()
                    + " [" + l.code() + "] " + l.message()));
            long errors = lines.stream().filter(l -> l.severity().equals("ERROR")).count();
            out.println(lines.isEmpty() ? "No findings." : errors + " error(s), " + (lines.size() - errors)
                    + " other finding(s).");
        }
        return lines.stream().anyMatch(l -> l.severity().equals("ERROR")) ? 1 : 0;
    }

    private static List<Line> local(String yaml) {
        List<Line> lines = new ArrayList<>();
        for (Finding f : new Linter().lint(yaml, LintContext.standalone())) {
            lines.add(new Line(f.line(), f.column(), f.severity().name(), f.code(), f.message()));
        }
        return lines;
    }

    /**
     * Reads {@code lint --server job.yaml}, written before --server took a URL, as the file
     * linted on the signed-in server.
     */
    void resolveArguments() {
        if (file == null && server != null && !server.equals(SIGNED_IN) && !server.contains("://")) {
            file = server;
            server = SIGNED_IN;
        }
        if (file == null) {
            throw new CliException("Name the job file to lint (- reads standard input)");
        }
    }

    private String readFile() throws IOException {
        if (file.equals("-")) {
            return new String(System.in.readAllBytes(), StandardCharsets.UTF_8);
        }
        try {
            return Files.readString(Path.of(file));
        } catch (NoSuchFileException e) {
            throw new CliException("No such file: " + file);
        } catch (MalformedInputException e) {
            throw new CliException(file + " is not UTF-8 text");
        }
    }

    private static List<Line> remote(String yaml, ApiClient api) throws IOException {
        JsonNode response = api.postText("/api/v2/jobs/lint", "text/yaml", yaml);
        List<Line> lines = new ArrayList<>();
        for (JsonNode f : response.path("findings")) {
            lines.add(new Line(f.path("line").asInt(), f.path("column").asInt(), f.path("severity").asText(),
                    f.path("code").asText(), f.path("message").asText()));
        }
        return lines;
    }

    record Line(int line, int column, String severity, String code, String message) {
    }
}
