package org.gantry.api;

import java.util.concurrent.atomic.AtomicInteger;

/** Job documents for the REST tests; each call gives a fresh name so tests never collide. */
final class TestJobs {

    private static final AtomicInteger COUNTER = new AtomicInteger();

    private TestJobs() {
    }

    static String uniqueName(String prefix) {
        return prefix + "-" + System.nanoTime() % 1_000_000_000L + "-" + COUNTER.incrementAndGet();
    }

    /** Two task roles: {@code train} with two instances and one gpu each, {@code eval} with one. */
    static String twoRoles(String name) {
        return """
                protocolVersion: 2
                name: %s
                type: job
                prerequisites:
                  - name: image
                    type: dockerimage
                    uri: python:3.12
                taskRoles:
                  train:
                    instances: 2
                    dockerImage: image
                    resourcePerInstance:
                      cpu: 1
                      memoryMB: 512
                      gpu: 1
                    commands:
                      - python train.py
                  eval:
                    instances: 1
                    dockerImage: image
                    commands:
                      - python eval.py
                """.formatted(name);
    }

    static String withSecret(String name, String secretValue) {
        return """
                protocolVersion: 2
                name: %s
                type: job
                secrets:
                  apiToken: %s
                taskRoles:
                  main:
                    commands:
                      - 'curl -H "Authorization: <%% $secrets.apiToken %%>" https://example.org/data'
                """.formatted(name, secretValue);
    }

    static String inVirtualCluster(String name, String virtualCluster) {
        return """
                protocolVersion: 2
                name: %s
                type: job
                defaults:
                  virtualCluster: %s
                taskRoles:
                  main:
                    commands:
                      - echo hi
                """.formatted(name, virtualCluster);
    }

    static String withCommand(String name, String command) {
        return """
                protocolVersion: 2
                name: %s
                type: job
                taskRoles:
                  main:
                    commands:
                      - %s
                """.formatted(name, command);
    }
}
