package org.gantry.job;

import java.util.Optional;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Encryption of job secrets at rest.
 *
 * @param key Base64 of a 256-bit AES key; when unset, one is generated into {@code <data-dir>/secret.key}.
 */
@ConfigurationProperties("gantry.secrets")
public record SecretsProperties(String key) {

    public Optional<String> configuredKey() {
        return key == null || key.isBlank() ? Optional.empty() : Optional.of(key.trim());
    }
}
