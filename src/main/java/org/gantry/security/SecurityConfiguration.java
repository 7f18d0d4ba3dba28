package org.gantry.security;

import com.vaadin.flow.spring.security.VaadinWebSecurity;
import org.gantry.security.ui.LoginView;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.annotation.method.configuration.EnableMethodSecurity;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configuration.EnableWebSecurity;
import org.springframework.security.config.observation.SecurityObservationSettings;
import org.springframework.security.core.session.SessionRegistry;
import org.springframework.security.core.session.SessionRegistryImpl;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.web.authentication.UsernamePasswordAuthenticationFilter;
import org.springframework.security.web.session.HttpSessionEventPublisher;

/**
 * Browser security: form login through the Vaadin login view, limited like the REST login
 * ({@link FormLoginThrottle}), and sessions that an admin can end.
 */
@EnableWebSecurity
@EnableMethodSecurity
@Configuration
class SecurityConfiguration extends VaadinWebSecurity {

    private final SessionRegistry sessionRegistry = new SessionRegistryImpl();
    private final LoginRateLimiter loginLimiter;

    SecurityConfiguration(LoginRateLimiter loginLimiter) {
        this.loginLimiter = loginLimiter;
    }

    @Bean
    PasswordEncoder passwordEncoder() {
        return new BCryptPasswordEncoder();
    }

    /**
     * No observation (timer and span) around each of Spring Security's filters: per REST call they
     * cost more CPU than the call's own work. Requests are still measured as a whole
     * ({@code http.server.requests}, on {@code /actuator/prometheus}).
     */
    @Bean
    static SecurityObservationSettings securityObservationSettings() {
        return SecurityObservationSettings.noObservations();
    }

    @Bean
    SessionRegistry sessionRegistry() {
        return sessionRegistry;
    }

    @Bean
    HttpSessionEventPublisher httpSessionEventPublisher() {
        return new HttpSessionEventPublisher();
    }

    @Override
    protected void configure(HttpSecurity http) throws Exception {
        http.authorizeHttpRequests(auth -> auth
                .requestMatchers("/actuator/health/**", "/actuator/health", "/images/**", "/icons/**").permitAll()
                // the CLI and its installer are public software (org.gantry.setup.CliDownloadController)
                .requestMatchers(HttpMethod.GET, "/cli/gantry.jar", "/cli/install.sh").permitAll());
        super.configure(http);
        http.sessionManagement(session -> session
                .sessionFixation(fixation -> fixation.changeSessionId())
                .maximumSessions(-1)
                .sessionRegistry(sessionRegistry)
                .expiredUrl("/login?expired"));
        // Gantry's own pages show its PDFs (course notes, marketplace files) in iframes; Spring
        // Security's default DENY blanked them. Other sites still may not frame Gantry.
        http.headers(headers -> headers.frameOptions(frame -> frame.sameOrigin()));
        setLoginView(http, LoginView.class, "/login?logout");
        http.addFilterBefore(new FormLoginThrottle(loginLimiter, "/login"), UsernamePasswordAuthenticationFilter.class);
    }
}
