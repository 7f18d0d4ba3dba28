package org.gantry.job.protocol;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A generated corpus of malformed and hostile job documents, each of which must be refused
 * with an error. Seeded, so every run sees the same documents.
 */
final class HostileDocuments {

    record Case(String name, String text) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** A valid job using most fields; wrong-type cases break one field of it at a time. */
    static final String FULL = """
            protocolVersion: 2
            name: full
            type: job
            version: 1
            description: all fields
            contributor: someone
            jobRetryCount: 1
            prerequisites:
              - name: image
                type: dockerimage
                uri: python:3.12
              - name: dataset
                type: data
                uri: [/mnt/data/a, /mnt/data/b]
            parameters:
              lr: 0.1
            secrets:
              token: abcdef
            taskRoles:
              train:
                instances: 2
                completion:
                  minFailedInstances: 1
                  minSucceededInstances: 2
                taskRetryCount: 1
                dockerImage: image
                data: dataset
                extraContainerOptions:
                  shmMB: 64
                resourcePerInstance:
                  cpu: 2
                  memoryMB: 4096
                  gpu: 0
                  ports:
                    http: 1
                commands:
                  - python train.py
                deps:
                  env:
                    SEED: "42"
                  pip:
                    packages: [requests==2.32.3]
            deployments:
              - name: prod
                taskRoles:
                  train:
                    preCommands: [echo pre]
            defaults:
              virtualCluster: default
              deployment: prod
            extras:
              anything: goes
            deps:
              bash: [echo hi]
              module: [gcc/12]
              conda:
                channels: [conda-forge]
                packages: [numpy=1.26]
              callBefore: [echo before]
              callAfter: [echo after]
            """;

    private final List<Case> cases = new ArrayList<>();
    private final Random random = new Random(20261129L);

    static List<Case> all() {
        HostileDocuments corpus = new HostileDocuments();
        corpus.deepNesting();
        corpus.hugeValues();
        corpus.aliasBombs();
        corpus.wrongTypes();
        corpus.garbage();
        corpus.syntax();
        corpus.structure();
        return corpus.cases;
    }

    private void add(String name, String text) {
        cases.add(new Case(name + " #" + (cases.size() + 1), text));
    }

    private void deepNesting() {
        for (int depth : new int[] {51, 60, 200, 5_000, 100_000}) {
            add("flow lists nested " + depth, "[".repeat(depth) + "]".repeat(depth));
            add("flow mappings nested " + depth, "{a: ".repeat(depth) + "1" + "}".repeat(depth));
            add("unclosed flow nesting " + depth, "extras: " + "[".repeat(depth));
        }
        for (int depth : new int[] {51, 80, 300}) {
            StringBuilder block = new StringBuilder("extras:\n");
            for (int i = 1; i <= depth; i++) {
                block.append("  ".repeat(i)).append("k").append(i).append(":\n");
            }
            add("block mappings nested " + depth, block + "  ".repeat(depth + 1) + "v\n");
            StringBuilder list = new StringBuilder("extras:\n  x:\n");
            for (int i = 1; i <= depth; i++) {
                list.append("  ".repeat(i + 1)).append("-\n");
            }
            add("block lists nested " + depth, list.toString());
        }
        add("deep nesting inside a task role", Jobs.withRole("deps:\n  env:\n    A: " + "[".repeat(70) + "]".repeat(70)));
    }

    private void hugeValues() {
        String tenMegabytes = "x".repeat(10 * 1024 * 1024);
        add("10 MB description", FULL.replace("description: all fields", "description: " + tenMegabytes));
        add("10 MB key", tenMegabytes + ": 1\n");
        add("10 MB single scalar", tenMegabytes);
        add("10 MB quoted scalar", "\"" + tenMegabytes + "\"");
        add("10 MB of newlines", "\n".repeat(10 * 1024 * 1024));
        add("10 MB of multibyte characters", "name: " + "ü".repeat(5 * 1024 * 1024));
        add("one byte over the limit", "#".repeat(ProtocolLimits.MAX_DOCUMENT_BYTES + 1));
        add("limit reached through 3-byte characters", "# " + "€".repeat(ProtocolLimits.MAX_DOCUMENT_BYTES / 3 + 1));
        String nearLimit = "n".repeat(256 * 1024);
        add("256 KB job name", FULL.replace("name: full", "name: " + nearLimit));
        add("256 KB task role name", FULL.replace("  train:\n    instances", "  " + nearLimit + ":\n    instances"));
        add("256 KB env name", FULL.replace("SEED: \"42\"", nearLimit + ": x"));
        add("256 KB number", FULL.replace("cpu: 2", "cpu: " + "9".repeat(256 * 1024)));
        StringBuilder manyRoles = new StringBuilder("protocolVersion: 2\nname: many\ntype: job\ntaskRoles:\n");
        for (int i = 0; manyRoles.length() < 256 * 1024; i++) {
            manyRoles.append("  r").append(i).append(": {instances: 0, commands: []}\n");
        }
        add("thousands of broken task roles", manyRoles.toString());
        StringBuilder manyItems = new StringBuilder(FULL.replace("extras:\n  anything: goes", "extras: ["));
        while (manyItems.length() < 256 * 1024) {
            manyItems.append("0,");
        }
        add("a hundred thousand list items in the wrong place", manyItems + "0]\n");
        add("number beyond every type", FULL.replace("cpu: 2", "cpu: 1e400"));
        add("integer beyond 64 bits", FULL.replace("gpu: 0", "gpu: 0x7fffffffffffffffffffffff"));
        add("infinite instances", FULL.replace("instances: 2", "instances: .inf"));
        add("not-a-number memory", FULL.replace("memoryMB: 4096", "memoryMB: .nan"));
        add("negative zero retries below the minimum", FULL.replace("jobRetryCount: 1", "jobRetryCount: -3"));
    }

    private void aliasBombs() {
        StringBuilder laughs = new StringBuilder("extras:\n  a0: &a0 [\"lol\", \"lol\", \"lol\", \"lol\", \"lol\"]\n");
        for (int i = 1; i < 10; i++) {
            laughs.append("  a").append(i).append(": &a").append(i).append(" [");
            for (int j = 0; j < 9; j++) {
                laughs.append(j == 0 ? "" : ", ").append("*a").append(i - 1);
            }
            laughs.append("]\n");
        }
        add("billion laughs", FULL.replace("extras:\n  anything: goes\n", laughs.toString()));
        add("billion laughs at the root", laughs.toString());
        StringBuilder within = new StringBuilder("secrets:\n  s0: &s0 {a: x, b: y}\n");
        for (int i = 1; i <= 24; i++) {
            within.append("  s").append(i).append(": &s").append(i).append(" {l: *s").append(i - 1)
                    .append(", r: *s").append(i - 1).append("}\n");
        }
        add("doubling bomb within the alias limit in secrets", FULL.replace("secrets:\n  token: abcdef\n",
                within.toString()));
        add("doubling bomb within the alias limit in extras", FULL.replace("extras:\n  anything: goes\n",
                within.toString().replace("secrets:", "extras:")));
        StringBuilder merges = new StringBuilder("extras:\n  m0: &m0 {a: 1}\n");
        for (int i = 1; i <= 24; i++) {
            merges.append("  m").append(i).append(": &m").append(i).append(" {<<: [*m").append(i - 1)
                    .append(", *m").append(i - 1).append("]}\n");
        }
        add("merge-key doubling bomb", merges + "taskRoles:\n  t:\n    <<: *m24\n    commands: []\n");
        add("recursive list alias", "extras: &a [*a]\n" + "protocolVersion: 2\n");
        add("recursive mapping alias", FULL.replace("extras:\n  anything: goes", "extras: &e\n  self: *e"));
        add("recursive secret", FULL.replace("secrets:\n  token: abcdef", "secrets: &s\n  again: *s"));
        add("recursive merge", "taskRoles: &t\n  r:\n    <<: *t\n    commands: []\n");
        add("recursive key", "&k [*k]: 1\n");
        add("alias to an undefined anchor", FULL.replace("cpu: 2", "cpu: *nothing"));
        StringBuilder tooMany = new StringBuilder("extras:\n  base: &b [1]\n  all: [");
        for (int i = 0; i < ProtocolLimits.MAX_COLLECTION_ALIASES + 10; i++) {
            tooMany.append("*b, ");
        }
        add("more aliases than allowed", tooMany + "*b]\n");
        StringBuilder wideRoles = new StringBuilder(FULL.replace("taskRoles:\n", "taskRoles:\n  bad0: &bad {instances: -1, commands: [" + "\"x\", ".repeat(2000) + "\"x\"]}\n"));
        add("one broken task role aliased many times", wideRoles.toString().replace("  train:\n",
                "  bad1: *bad\n  bad2: *bad\n  bad3: *bad\n  bad4: *bad\n  train:\n"));
    }

    /** One field at a time set to values of the wrong type. */
    private void wrongTypes() {
        String[][] breaks = {
                {"protocolVersion: 2", "protocolVersion: [2]"}, {"protocolVersion: 2", "protocolVersion: two"},
                {"name: full", "name: [a, b]"}, {"name: full", "name: {a: b}"}, {"name: full", "name: ~"},
                {"type: job", "type: [job]"}, {"type: job", "type: data"},
                {"version: 1", "version: {major: 1}"}, {"description: all fields", "description: [a]"},
                {"contributor: someone", "contributor: {a: b}"}, {"jobRetryCount: 1", "jobRetryCount: often"},
                {"jobRetryCount: 1", "jobRetryCount: [1]"},
                {"prerequisites:\n  - name: image", "prerequisites:\n  - name: [image]"},
                {"    type: dockerimage", "    type: container"}, {"    uri: python:3.12", "    uri: [python:3.12]"},
                {"    uri: [/mnt/data/a, /mnt/data/b]", "    uri: {a: b}"},
                {"    uri: [/mnt/data/a, /mnt/data/b]", "    uri: []"},
                {"parameters:\n  lr: 0.1", "parameters: [lr]"}, {"parameters:\n  lr: 0.1", "parameters:\n  lr: {a: 1}"},
                {"secrets:\n  token: abcdef", "secrets: [abcdef]"}, {"secrets:\n  token: abcdef", "secrets: abcdef"},
                {"taskRoles:\n  train:", "taskRoles:\n  - train:"}, {"    instances: 2", "    instances: two"},
                {"    instances: 2", "    instances: [2]"}, {"    instances: 2", "    instances: 2.5"},
                {"    instances: 2", "    instances: true"}, {"    completion:\n", "    completion: [1]\n#"},
                {"      minFailedInstances: 1", "      minFailedInstances: one"},
                {"      minSucceededInstances: 2", "      minSucceededInstances: [2]"},
                {"    taskRetryCount: 1", "    taskRetryCount: {a: 1}"},
                {"    dockerImage: image", "    dockerImage: [image]"}, {"    dockerImage: image", "    dockerImage: nope"},
                {"    data: dataset", "    data: image"}, {"    data: dataset", "    data: {a: b}"},
                {"      shmMB: 64", "      shmMB: lots"}, {"    extraContainerOptions:\n      shmMB: 64",
                        "    extraContainerOptions: [shm]"},
                {"      cpu: 2", "      cpu: \"2\""}, {"      cpu: 2", "      cpu: -2"}, {"      cpu: 2", "      cpu: [2]"},
                {"      memoryMB: 4096", "      memoryMB: 4GB"}, {"      memoryMB: 4096", "      memoryMB: ~"},
                {"      gpu: 0", "      gpu: false"}, {"      gpu: 0", "      gpu: {n: 1}"},
                {"        http: 1", "        http: many"}, {"        http: 1", "        9http: 1"},
                {"      ports:\n        http: 1", "      ports: [http]"},
                {"    commands:\n      - python train.py", "    commands: python train.py"},
                {"    commands:\n      - python train.py", "    commands:\n      - {run: train}"},
                {"    commands:\n      - python train.py", "    commands:\n      - ~"},
                {"    commands:\n      - python train.py", "    commands: []"},
                {"    deps:\n      env:", "    deps: [env]\n    x:\n      env:"},
                {"        SEED: \"42\"", "        SEED: [42]"}, {"        SEED: \"42\"", "        1SEED: 42"},
                {"        SEED: \"42\"", "        SEED-X: 42"}, {"        SEED: \"42\"", "        SEED:"},
                {"        packages: [requests==2.32.3]", "        packages: requests"},
                {"deployments:\n  - name: prod", "deployments:\n  name: prod\n  x:"},
                {"        preCommands: [echo pre]", "        preCommands: echo pre"},
                {"        preCommands: [echo pre]", "        preCommands: []"},
                {"  - name: prod", "  - name: [prod]"}, {"  deployment: prod", "  deployment: staging"},
                {"  deployment: prod", "  deployment: [prod]"}, {"  virtualCluster: default", "  virtualCluster: {a: 1}"},
                {"extras:\n  anything: goes", "extras: [anything]"}, {"extras:\n  anything: goes", "extras: goes"},
                {"  bash: [echo hi]", "  bash: echo hi"}, {"  bash: [echo hi]", "  bash: [[echo, hi]]"},
                {"  module: [gcc/12]", "  module: [gcc 12]"}, {"  module: [gcc/12]", "  module: {gcc: 12}"},
                {"    packages: [numpy=1.26]", "    packages: [numpy=1.26]\n    env: base"},
                {"    channels: [conda-forge]", "    channels: conda-forge"},
                {"  callBefore: [echo before]", "  callBefore: {a: b}"},
                {"  callAfter: [echo after]", "  callAfter: [~]"}, {"deps:\n  bash", "deps: [bash]\nx:\n  bash"},
                {"  callBefore: [echo before]", "  callbefore: [echo before]"},
                {"  conda:\n    channels", "  conda: numpy\n  x:\n    channels"},
        };
        for (String[] change : breaks) {
            if (!FULL.contains(change[0])) {
                throw new IllegalStateException("corpus out of date: " + change[0]);
            }
            add("wrong type: " + change[1].strip().replace("\n", " / "), FULL.replace(change[0], change[1]));
        }
    }

    private void garbage() {
        for (int i = 0; i < 12; i++) {
            byte[] bytes = new byte[64 + random.nextInt(4096)];
            random.nextBytes(bytes);
            add("random bytes as latin-1", new String(bytes, StandardCharsets.ISO_8859_1));
            add("random bytes as utf-8", new String(bytes, StandardCharsets.UTF_8));
        }
        add("NUL bytes", "protocolVersion: 2\nname: a\0b\n");
        add("escape sequences", "\u001b[31mprotocolVersion\u001b[0m: 2\n");
        add("lone surrogate", "name: \ud800\n");
        add("reversed surrogates", "name: \udc00\ud800\n");
        add("byte order mark in the middle", FULL.replace("name: full", "\ufeffname: full"));
        add("zero-width characters in a field name", FULL.replace("name: full", "na\u200bme: full"));
        add("a PDF header", "%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n");
        add("a zip header", "PK\u0003\u0004\u0014\u0000\u0008\u0000");
        add("JSON that is not a job", "{\"jobName\": \"v1\", \"taskRoles\": [{\"name\": \"a\"}]}");
        add("XML", "<?xml version=\"1.0\"?><job><name>x</name></job>");
        add("a shell script", "#!/bin/bash\nset -e\necho hello\n");
    }

    private void syntax() {
        add("tab indentation", FULL.replace("  train:\n    instances", "  train:\n\tinstances"));
        add("tabs everywhere", FULL.replace("  ", "\t"));
        add("unclosed double quote", FULL.replace("name: full", "name: \"full"));
        add("unclosed single quote", FULL.replace("name: full", "name: 'full"));
        add("unclosed flow list", FULL.replace("commands:\n      - python train.py", "commands: [python train.py"));
        add("unclosed flow mapping", FULL.replace("extras:\n  anything: goes", "extras: {anything: goes"));
        add("bad indentation", FULL.replace("    instances: 2", "   instances: 2"));
        add("mapping value in a plain scalar", FULL.replace("description: all fields", "description: a: b: c"));
        add("stray colon key", ": value\n");
        add("stray dash", FULL.replace("    dockerImage: image", "    dockerImage: image\n  - stray"));
        add("two documents", Jobs.MINIMAL + "---\n" + Jobs.MINIMAL);
        add("unknown directive and wrong YAML version", "%YAML 2.0\n---\n" + Jobs.MINIMAL.replace("type: job", "type: x"));
        add("dangerous tag", "!!python/object/apply:os.system [\"rm -rf /\"]\n");
        add("java class tag", "!!javax.script.ScriptEngineManager [!!java.net.URLClassLoader [[!!java.net.URL [\"x\"]]]]");
        add("tagged task roles", FULL.replace("taskRoles:\n", "taskRoles: !!str\n"));
        add("anchor on a key", "&a name: x\n*a : y\n");
        add("complex key", "? [a, b]\n: c\n" + Jobs.MINIMAL);
        add("complex key in a task role", Jobs.withRole("? {a: b}\n: c"));
        add("invalid escape", FULL.replace("name: full", "name: \"\\q\""));
        add("unterminated block scalar header", FULL.replace("description: all fields", "description: |9x\n  text"));
        add("windows line endings with errors", FULL.replace("cpu: 2", "cpu: x").replace("\n", "\r\n"));
        add("old mac line endings with errors", FULL.replace("cpu: 2", "cpu: x").replace("\n", "\r"));
        add("unicode line separators", FULL.replace("cpu: 2", "cpu: x").replace("\n", "\u2028"));
    }

    private void structure() {
        add("empty", "");
        add("only whitespace", "   \n\n   \n");
        add("only a comment", "# nothing here\n");
        add("only a document marker", "---\n");
        add("explicit null", "~\n");
        add("a number", "42\n");
        add("a string", "just some text\n");
        add("a list", "- protocolVersion: 2\n- name: x\n");
        add("a list of jobs", "- " + Jobs.MINIMAL.replace("\n", "\n  "));
        add("duplicate root keys", FULL + "taskRoles: {}\n");
        add("duplicate task role", FULL.replace("deployments:", "  train:\n    commands: [x]\ndeployments:"));
        add("duplicate nested key", FULL.replace("      cpu: 2", "      cpu: 2\n      cpu: 3"));
        add("duplicate secret", FULL.replace("  token: abcdef", "  token: abcdef\n  token: ghijkl"));
        add("duplicate prerequisite", FULL.replace("parameters:", "  - name: image\n    type: dockerimage\n    uri: x\nparameters:"));
        add("duplicate deployment", FULL.replace("defaults:", "  - name: prod\n    taskRoles: {train: {}}\ndefaults:"));
        add("no task roles", FULL.replace("taskRoles:\n  train:", "taskRoles: {}\nx:\n  train:"));
        add("no commands", Jobs.MINIMAL.replace("    commands:\n      - python train.py\n", "    instances: 1\n"));
        add("every required field missing", "extras: {}\n");
        add("empty task role", Jobs.MINIMAL.replace("    commands:\n      - python train.py\n", ""));
        add("v1 job config", "jobName: v1\nimage: x\ntaskRoles:\n  - name: a\n    taskNumber: 1\n    command: x\n");
        add("prerequisite of type job", FULL.replace("    type: dockerimage", "    type: job"));
        add("missing prerequisite uri", FULL.replace("    uri: python:3.12\n", ""));
        add("docker image missing while declared", FULL.replace("    dockerImage: image\n", ""));
        add("template in a key", FULL.replace("  anything: goes", "  <% $secrets.token %>: goes\n  x: [")); 
    }
}
