package org.gantry.deploy;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What a deploy measured on a machine over SSH.
 *
 * @param clockSkew the machine's clock minus this one's, at the middle of the probe's round trip
 */
public record MachineFacts(String os, boolean bash, boolean python3, int cpu, int memoryMb, int gpu, long freeDiskMb,
                           boolean systemd, boolean docker, Duration clockSkew) {

    /** The probe run over SSH: one {@code key=value} line each, read by {@link #parse}. */
    static String probe(String diskDir) {
        return String.join("\n",
                "(. /etc/os-release 2>/dev/null; echo \"os=${PRETTY_NAME:-unknown}\")",
                "echo \"bash=$(command -v bash)\"",
                "echo \"python3=$(command -v python3)\"",
                "echo \"cpu=$(nproc)\"",
                "echo \"mem=$(awk '/^MemTotal:/ {print int($2/1024)}' /proc/meminfo)\"",
                "if command -v nvidia-smi >/dev/null 2>&1; then echo \"gpu=$(nvidia-smi -L | grep -c '^GPU')\";"
                        + " else echo gpu=0; fi",
                "d=" + diskDir + "; while [ ! -d \"$d\" ]; do d=$(dirname \"$d\"); done",
                "echo \"disk=$(df -Pm \"$d\" | awk 'NR==2 {print $4}')\"",
                "if [ -d /run/systemd/system ]; then echo systemd=yes; else echo systemd=no; fi",
                // docker counts when compose and a daemon answer: a docker CLI alone cannot start PostgreSQL
                "if command -v docker >/dev/null 2>&1 && docker compose version >/dev/null 2>&1"
                        + " && docker info >/dev/null 2>&1; then echo docker=yes; else echo docker=; fi",
                "echo \"time=$(date +%s%N)\"");
    }

    /** The facts in the probe's output; {@code sent} and {@code received} bound the remote clock's reading. */
    static MachineFacts parse(String output, Instant sent, Instant received) {
        Map<String, String> values = new HashMap<>();
        output.lines().forEach(line -> {
            int eq = line.indexOf('=');
            if (eq > 0) {
                values.put(line.substring(0, eq).strip(), line.substring(eq + 1).strip());
            }
        });
        Instant middle = sent.plus(Duration.between(sent, received).dividedBy(2));
        Duration skew = Optional.ofNullable(values.get("time")).filter(t -> t.matches("\\d{10,}"))
                .map(t -> Duration.between(middle, Instant.ofEpochSecond(0, Long.parseLong(t))))
                .orElse(Duration.ZERO);
        return new MachineFacts(values.getOrDefault("os", "unknown"), !values.getOrDefault("bash", "").isEmpty(),
                !values.getOrDefault("python3", "").isEmpty(), number(values.get("cpu")), number(values.get("mem")),
                number(values.get("gpu")), number(values.get("disk")), "yes".equals(values.get("systemd")),
                !values.getOrDefault("docker", "").isEmpty(), skew);
    }

    private static int number(String text) {
        try {
            return text == null ? 0 : Integer.parseInt(text);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** One line for the progress display. */
    String summary() {
        return os + ", " + cpu + " cpu, " + memoryMb + " MiB, " + gpu + " gpu, " + freeDiskMb + " MiB free, clock "
                + String.format(java.util.Locale.ROOT, "%+.1f s", clockSkew.toMillis() / 1000.0)
                + (docker ? ", docker" : "") + (systemd ? ", systemd" : "");
    }
}
