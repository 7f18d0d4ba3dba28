package org.gantry.base;

import java.nio.file.Path;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Gantry's top-level settings.
 *
 * @param dataDir Directory holding the embedded database, generated keys and task working directories.
 * @param demo Whether to seed demo accounts and virtual clusters on start.
 * @param adminPassword Password of the first administrator; a random one is logged once when unset.
 */
@ConfigurationProperties("gantry")
public record GantryProperties(Path dataDir, boolean demo, String adminPassword) {

    public GantryProperties {
        if (dataDir == null) {
            dataDir = Path.of(System.getProperty("user.home"), ".gantry", "data");
        }
        dataDir = dataDir.toAbsolutePath().normalize();
    }
}
