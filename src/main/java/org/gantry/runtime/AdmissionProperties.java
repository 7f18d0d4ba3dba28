package org.gantry.runtime;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How the runtime admits jobs.
 *
 * @param queueBeyondCapacity Whether a job larger than any node of its virtual cluster is accepted and waits (for nodes that are down or not added yet) rather than refused at submission.
 */
@ConfigurationProperties("gantry.runtime.admission")
public record AdmissionProperties(@DefaultValue("false") boolean queueBeyondCapacity) {
}
