package org.gantry.security;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.context.SecurityContextHolderStrategy;
import org.springframework.security.core.session.SessionRegistry;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.LoginUrlAuthenticationEntryPoint;
import org.springframework.security.web.authentication.UsernamePasswordAuthenticationFilter;
import org.springframework.security.web.authentication.session.NullAuthenticatedSessionStrategy;
import org.springframework.security.web.context.DelegatingSecurityContextRepository;
import org.springframework.security.web.context.HttpSessionSecurityContextRepository;
import org.springframework.security.web.context.RequestAttributeSecurityContextRepository;
import org.springframework.security.web.session.ConcurrentSessionFilter;

/**
 * Security of the browser proxy to tasks' ports ({@code /jobs/<user>~<job>/proxy/…},
 * org.gantry.terminal.proxy): the browser's login session, or a bearer token for scripts; who
 * may reach which task is the proxy's own check. No CSRF token: the proxied server's forms and
 * scripts know nothing of Gantry's, and the session cookie is not sent on cross-site POSTs
 * (docs/decisions/0027-browser-proxy-to-task-ports.md).
 */
@Configuration
class ProxySecurityConfiguration {

    static final String[] PATHS = {"/jobs/*/proxy/**", "/jobs/*/proxy-full/**"};

    @Bean
    @Order(2)
    SecurityFilterChain proxySecurity(HttpSecurity http, TokenService tokens, ObjectMapper json,
                                      ObjectProvider<SecurityContextHolderStrategy> strategies,
                                      SessionRegistry sessions) throws Exception {
        SecurityContextHolderStrategy strategy = strategies.getIfAvailable(SecurityContextHolder::getContextHolderStrategy);
        LoginUrlAuthenticationEntryPoint login = new LoginUrlAuthenticationEntryPoint("/login");
        // reads the browser's login from its session, but never makes a session for a bearer token
        HttpSessionSecurityContextRepository sessionContexts = new HttpSessionSecurityContextRepository();
        sessionContexts.setAllowSessionCreation(false);
        http.securityMatcher(PATHS)
                .csrf(csrf -> csrf.disable())
                .securityContext(context -> context.securityContextRepository(new DelegatingSecurityContextRepository(
                        sessionContexts, new RequestAttributeSecurityContextRepository())))
                .httpBasic(basic -> basic.disable())
                .formLogin(form -> form.disable())
                // the task's server decides its own caching and framing
                .headers(headers -> headers.cacheControl(cache -> cache.disable())
                        .frameOptions(frame -> frame.sameOrigin()))
                .addFilterBefore(new BearerTokenFilter(tokens, strategy, json), UsernamePasswordAuthenticationFilter.class)
                // a session ended by an administrator ends here too
                .addFilterBefore(new ConcurrentSessionFilter(sessions, "/login?expired"), BearerTokenFilter.class)
                .sessionManagement(session -> session
                        .sessionAuthenticationStrategy(new NullAuthenticatedSessionStrategy()))
                .authorizeHttpRequests(auth -> auth.anyRequest().authenticated())
                .exceptionHandling(ex -> ex.authenticationEntryPoint((request, response, e) -> {
                    if (request.getHeader("Authorization") != null) {
                        response.setStatus(401);
                        response.setContentType("text/plain;charset=UTF-8");
                        response.getWriter().write("Your token is unknown, expired or revoked; sign in again for a new one.\n");
                    } else {
                        login.commence(request, response, e);
                    }
                }));
        return http.build();
    }
}
