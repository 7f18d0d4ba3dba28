package org.gantry.base.files;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * How much room Gantry keeps on the file systems it writes to.
 *
 * @param minFree Free space below which new jobs are refused and waiting tasks are not launched, on the data directory's and the local tasks' file systems; 0 turns the check off.
 */
@ConfigurationProperties("gantry.disk")
public record DiskProperties(@DefaultValue("256MB") DataSize minFree) {
}
