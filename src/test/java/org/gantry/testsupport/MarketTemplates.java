package org.gantry.testsupport;

/** The job template the marketplace tests publish, use and save: one task echoing one parameter. */
public final class MarketTemplates {

    private MarketTemplates() {
    }

    /**
     * A one-task job named {@code name} whose command echoes {@code parameter} (default
     * {@code value}), on python:3.12 with one CPU and 256 MB.
     */
    public static String echoing(String name, String parameter, String value) {
        return """
                protocolVersion: 2
                name: %1$s
                type: job
                parameters:
                  %2$s: %3$s
                prerequisites:
                  - name: image
                    type: dockerimage
                    uri: python:3.12
                taskRoles:
                  main:
                    instances: 1
                    dockerImage: image
                    resourcePerInstance:
                      cpu: 1
                      memoryMB: 256
                      gpu: 0
                    commands:
                      - echo "<%% $parameters.%2$s %%>"
                """.formatted(name, parameter, value);
    }
}
