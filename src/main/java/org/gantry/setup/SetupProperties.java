package org.gantry.setup;

import java.util.Optional;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Settings of what Gantry serves for users' own machines: the CLI and its installer.
 *
 * @param publicUrl Address users reach this server at, written into the installer and the setup page; taken from each request when unset.
 * @param maxDownloads Maximum number of CLI jar downloads served at once; more are answered 503 with Retry-After.
 */
@ConfigurationProperties("gantry.setup")
public record SetupProperties(Optional<String> publicUrl, @DefaultValue("8") int maxDownloads) {

    public SetupProperties {
        publicUrl = publicUrl == null ? Optional.empty()
                : publicUrl.map(String::strip).filter(url -> !url.isEmpty()).map(url -> url.replaceAll("/+$", ""));
        if (maxDownloads < 1) {
            throw new IllegalArgumentException("gantry.setup.max-downloads must be at least 1, not " + maxDownloads);
        }
    }
}
