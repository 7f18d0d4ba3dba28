package org.gantry.usage;

import java.time.Instant;
import java.util.List;

/**
 * Charges of one month for a user, a group, or everyone (subject empty). Resource use is in
 * resource-seconds of priced run time, charges in minor units; each line's charge is the sum
 * of its attempts' charges, each rounded half up once, and the total is the sum of the lines.
 */
public record Statement(String period, String scope, String subject, String currency, Instant generatedAt,
                        List<Line> lines, long totalMinor) {

    public record Line(String user, String virtualCluster, long attempts, long cpuSeconds, long gpuSeconds,
                       long memoryMbSeconds, long chargeMinor) {
    }
}
