package org.gantry.setup;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * What a user does on a fresh machine: fetch install.sh from the running server without
 * signing in, run it with bash into an empty HOME, then use the installed {@code gantry}.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class CliInstallIT {

    private final HttpClient http = HttpClient.newHttpClient();

    @LocalServerPort
    int port;

    @TempDir
    Path home;

    @TempDir
    Path work;

    @Test
    void install_sh_installs_a_gantry_that_runs_commands_against_this_server() throws Exception {
        String server = "http://127.0.0.1:" + port;
        HttpResponse<String> script = get("/cli/install.sh", Map.of());
        assertThat(script.statusCode()).isEqualTo(200);
        assertThat(script.body()).startsWith("#!/usr/bin/env bash").contains("server='" + server + "'");
        Path installer = Files.writeString(work.resolve("install.sh"), script.body());

        Run first = run(List.of("bash", installer.toString()), "");
        assertThat(first.exitCode()).as(first.all()).isZero();
        assertThat(first.out()).contains("installed the CLI jar " + home.resolve(".local/share/gantry/gantry.jar"),
                "installed the launcher " + home.resolve(".local/bin/gantry"),
                "installed bash completion " + home.resolve(".local/share/bash-completion/completions/gantry"),
                "gantry cluster add --alias ALIAS --uri " + server);
        Path launcher = home.resolve(".local/bin/gantry");
        assertThat(Files.getPosixFilePermissions(launcher)).contains(PosixFilePermission.OWNER_EXECUTE);
        assertThat(Files.readString(home.resolve(".local/share/bash-completion/completions/gantry")))
                .contains("complete -F");

        Run again = run(List.of("bash", installer.toString()), "");
        assertThat(again.exitCode()).as(again.all()).isZero();
        assertThat(again.out()).contains("the CLI jar " + home.resolve(".local/share/gantry/gantry.jar")
                + " is up to date", "the launcher " + launcher + " is up to date",
                "gantry is on your PATH").doesNotContain("installed", "updated");

        Run help = run(List.of(launcher.toString(), "--help"), "");
        assertThat(help.exitCode()).as(help.all()).isZero();
        assertThat(help.out()).contains("Usage: gantry", "cluster", "job");

        RestClient user = RestClient.newUser(port, "install");
        Run login = run(List.of(launcher.toString(), "login", "--server", server, "-u", user.username(), "--password-stdin"),
                "pw-" + user.username() + "\n");
        assertThat(login.exitCode()).as(login.all()).isZero();
        user.submit("protocolVersion: 2\nname: installed-cli\ntype: job\ntaskRoles:\n  main:\n    instances: 1\n"
                + "    resourcePerInstance: {cpu: 1, memoryMB: 128}\n    commands:\n      - 'true'\n");
        // Everyone's latest jobs are shared with other tests, some of which submit jobs dated years ahead.
        Run list = run(List.of(launcher.toString(), "job", "list", "--user", user.username()), "");
        assertThat(list.exitCode()).as(list.all()).isZero();
        assertThat(list.out()).contains(user.username() + "~installed-cli");

        // the local linter runs from the small jar too: its classes were packaged with the CLI
        Path yaml = Files.writeString(work.resolve("bad.yaml"), "protocolVersion: 2\nname: x\ntype: job\n");
        Run lint = run(List.of(launcher.toString(), "job", "lint", yaml.toString()), "");
        assertThat(lint.exitCode()).as(lint.all()).isEqualTo(1);
        assertThat(lint.out()).contains("taskRoles");
    }

    @Test
    void the_installer_refuses_a_java_older_than_17_and_says_what_to_do() throws Exception {
        Path oldJava = Files.createDirectories(work.resolve("jdk8/bin")).resolve("java");
        Files.writeString(oldJava, "#!/bin/sh\necho 'openjdk version \"1.8.0_392\"' >&2\n");
        oldJava.toFile().setExecutable(true);
        Path installer = Files.writeString(work.resolve("install.sh"), get("/cli/install.sh", Map.of()).body());

        Run run = run(List.of("bash", installer.toString()), "", Map.of("JAVA_HOME", work.resolve("jdk8").toString()));

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("needs Java 17 or newer", "JAVA_HOME");
        assertThat(home.resolve(".local/bin/gantry")).doesNotExist();
    }

    @Test
    void both_downloads_are_public_and_revalidate_with_their_etag() throws Exception {
        for (String path : List.of("/cli/gantry.jar", "/cli/install.sh")) {
            HttpResponse<String> full = get(path, Map.of());
            assertThat(full.statusCode()).as(path).isEqualTo(200);
            assertThat(full.headers().firstValue("Cache-Control")).contains("no-cache");
            String etag = full.headers().firstValue("ETag").orElseThrow();

            HttpResponse<String> cached = get(path, Map.of("If-None-Match", etag));
            assertThat(cached.statusCode()).as(path).isEqualTo(304);
            assertThat(cached.body()).isEmpty();
        }
        assertThat(get("/cli/gantry.jar", Map.of()).headers().firstValue("Content-Type"))
                .contains("application/java-archive");
    }

    private HttpResponse<String> get(String path, Map<String, String> headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path));
        headers.forEach(request::header);
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.ISO_8859_1));
    }

    record Run(int exitCode, String out, String err) {
        String all() {
            return out + err;
        }
    }

    private Run run(List<String> command, String stdin) throws IOException, InterruptedException {
        return run(command, stdin, Map.of());
    }

    /** Runs as a user in the fresh HOME would: the installer's bin directory on the PATH, this JVM's Java. */
    private Run run(List<String> command, String stdin, Map<String, String> extra)
            throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(new ArrayList<>(command)).directory(work.toFile());
        Map<String, String> env = builder.environment();
        env.keySet().removeIf(name -> name.startsWith("GANTRY_") || name.startsWith("XDG_"));
        env.put("HOME", home.toString());
        env.put("JAVA_HOME", System.getProperty("java.home"));
        env.put("PATH", home.resolve(".local/bin") + ":" + System.getenv("PATH"));
        env.putAll(extra);
        Process process = builder.start();
        process.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
        process.getOutputStream().close();
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> {
            try {
                return new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                return e.toString();
            }
        });
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(180, TimeUnit.SECONDS)).isTrue();
        return new Run(process.exitValue(), out, err.join());
    }
}
