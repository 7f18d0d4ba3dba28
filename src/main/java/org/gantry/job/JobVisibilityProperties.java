package org.gantry.job;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Who sees whose jobs.
 *
 * @param jobs Which other users' jobs a user may see: all, virtual-cluster or own.
 */
@ConfigurationProperties("gantry.visibility")
public record JobVisibilityProperties(@DefaultValue("all") JobVisibility jobs) {
}
