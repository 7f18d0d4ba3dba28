package org.gantry.security;

import org.springframework.context.event.EventListener;
import org.springframework.security.authentication.event.AbstractAuthenticationFailureEvent;
import org.springframework.security.authentication.event.AuthenticationSuccessEvent;
import org.springframework.security.web.authentication.WebAuthenticationDetails;
import org.springframework.stereotype.Component;

/**
 * Counts the browser form's sign-ins in {@link LoginRateLimiter}, per account and address,
 * so that {@link FormLoginThrottle} can stop guessing. Only form logins carry
 * {@link WebAuthenticationDetails}; the REST login counts its own attempts.
 */
@Component
class FormLoginCounter {

    private final LoginRateLimiter limiter;

    FormLoginCounter(LoginRateLimiter limiter) {
        this.limiter = limiter;
    }

    @EventListener
    void onFailure(AbstractAuthenticationFailureEvent event) {
        if (event.getAuthentication().getDetails() instanceof WebAuthenticationDetails web) {
            limiter.recordFailure(event.getAuthentication().getName(), web.getRemoteAddress());
        }
    }

    @EventListener
    void onSuccess(AuthenticationSuccessEvent event) {
        if (event.getAuthentication().getDetails() instanceof WebAuthenticationDetails) {
            limiter.recordSuccess(event.getAuthentication().getName());
        }
    }
}
