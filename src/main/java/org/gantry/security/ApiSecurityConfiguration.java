package org.gantry.security;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.http.HttpServletRequest;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.http.MediaType;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.context.SecurityContextHolderStrategy;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.firewall.RequestRejectedHandler;
import org.springframework.security.web.authentication.UsernamePasswordAuthenticationFilter;

/**
 * REST security: stateless bearer tokens, no CSRF (no cookies are read), errors as OpenPAI's
 * JSON {@code {"code", "message"}}. Runs before the browser chain.
 */
@Configuration
class ApiSecurityConfiguration {

    /** Spring Security's firewall hands the requests it refuses to this bean, whatever chain they were meant for. */
    @Bean
    RequestRejectedHandler requestRejectedHandler(ObjectMapper json) {
        return new ApiRequestRejectedHandler(json);
    }

    @Bean
    @Order(1)
    SecurityFilterChain apiSecurity(HttpSecurity http, TokenService tokens, ObjectMapper json,
                                    ObjectProvider<SecurityContextHolderStrategy> strategies) throws Exception {
        SecurityContextHolderStrategy strategy = strategies.getIfAvailable(SecurityContextHolder::getContextHolderStrategy);
        http.securityMatcher("/api/**", "/v3/api-docs/**", "/swagger-ui/**", "/swagger-ui.html", "/actuator/**")
                .csrf(csrf -> csrf.disable())
                .sessionManagement(s -> s.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .requestCache(cache -> cache.disable())
                .httpBasic(basic -> basic.disable())
                .formLogin(form -> form.disable())
                .addFilterBefore(new BearerTokenFilter(tokens, strategy, json), UsernamePasswordAuthenticationFilter.class)
                .authorizeHttpRequests(auth -> auth
                        // the second dispatch of an answer held back (GET …?wait=N): its request passed already
                        .dispatcherTypeMatchers(DispatcherType.ASYNC).permitAll()
                        .requestMatchers("/api/v2/info", "/api/v2/authn/**").permitAll()
                        .requestMatchers("/v3/api-docs/**", "/swagger-ui/**", "/swagger-ui.html").permitAll()
                        .requestMatchers("/actuator/health", "/actuator/health/**").permitAll()
                        .requestMatchers("/actuator/**").hasRole("ADMIN")
                        .anyRequest().authenticated())
                .exceptionHandling(ex -> ex
                        .authenticationEntryPoint((request, response, e) -> {
                            response.setStatus(401);
                            response.setContentType(MediaType.APPLICATION_JSON_VALUE);
                            json.writeValue(response.getOutputStream(), unauthorized(request));
                        })
                        .accessDeniedHandler((request, response, e) -> {
                            response.setStatus(403);
                            response.setContentType(MediaType.APPLICATION_JSON_VALUE);
                            json.writeValue(response.getOutputStream(), Map.of("code", "ForbiddenUserError",
                                    "message", "You are not allowed to do this"));
                        }));
        return http.build();
    }

    /**
     * OpenPAI's answer to a token it does not accept, word for word as its clients compare it, with
     * Gantry's remedy in {@code detail}; without a token, what to send.
     */
    private static Map<String, String> unauthorized(HttpServletRequest request) {
        String header = request.getHeader("Authorization");
        if (header == null || !header.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return Map.of("code", "UnauthorizedUserError",
                    "message", "Authentication required: send Authorization: Bearer <token>");
        }
        Map<String, String> body = new LinkedHashMap<>();
        body.put("code", "UnauthorizedUserError");
        body.put("message", "Your token is invalid.");
        body.put("detail", "The token is unknown, expired or revoked; sign in again (POST /api/v2/authn/basic/login)"
                + " for a new one.");
        return body;
    }
}
