package org.gantry.security;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.event.EventListener;
import org.springframework.security.authentication.event.AbstractAuthenticationFailureEvent;
import org.springframework.security.authentication.event.AuthenticationSuccessEvent;
import org.springframework.security.web.authentication.WebAuthenticationDetails;
import org.springframework.stereotype.Component;

/** Logs each login attempt with the account name and address, never the password. */
@Component
class AuthenticationAuditListener {

    private static final Logger log = LoggerFactory.getLogger("org.gantry.audit");

    @EventListener
    void onFailure(AbstractAuthenticationFailureEvent event) {
        log.warn("Login failed for user '{}' from {}: {}", sanitize(event.getAuthentication().getName()),
                address(event.getAuthentication().getDetails()), event.getException().getClass().getSimpleName());
    }

    @EventListener
    void onSuccess(AuthenticationSuccessEvent event) {
        if (event.getAuthentication().getDetails() instanceof WebAuthenticationDetails) {
            log.info("Login of user '{}' from {}", sanitize(event.getAuthentication().getName()),
                    address(event.getAuthentication().getDetails()));
        }
    }

    private static String address(Object details) {
        return details instanceof WebAuthenticationDetails web ? web.getRemoteAddress() : "unknown";
    }

    /** Usernames come from the client: keep log lines single and short. */
    static String sanitize(String name) {
        if (name == null) {
            return "";
        }
        String cleaned = name.replaceAll("[^\\x20-\\x7e]", "?");
        return cleaned.length() > 64 ? cleaned.substring(0, 64) + "…" : cleaned;
    }
}
