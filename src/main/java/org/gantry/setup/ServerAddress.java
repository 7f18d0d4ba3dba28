package org.gantry.setup;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

/**
 * The address users reach this server at: {@code gantry.setup.public-url}, else the one the
 * request came to (behind a proxy, with {@code server.forward-headers-strategy} set).
 */
@Component
public class ServerAddress {

    private final SetupProperties properties;

    public ServerAddress(SetupProperties properties) {
        this.properties = properties;
    }

    public String of(HttpServletRequest request) {
        return properties.publicUrl().orElseGet(() -> ServletUriComponentsBuilder.fromContextPath(request)
                .replaceQuery(null).fragment(null).build().toUriString().replaceAll("/+$", ""));
    }
}
