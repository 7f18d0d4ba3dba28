package org.gantry.terminal.proxy;

import jakarta.servlet.http.HttpServletRequest;
import java.time.Clock;
import org.gantry.terminal.TaskHostPorts;
import org.gantry.terminal.TerminalService;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.boot.web.servlet.filter.OrderedFormContentFilter;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.context.SecurityContextHolderStrategy;

/**
 * Puts the browser proxy in front of Vaadin's servlet: a filter on {@code /jobs/*} that runs
 * after Spring Security (order -100) and answers the proxy's paths itself.
 */
@Configuration(proxyBeanMethods = false)
class PortProxyConfiguration {

    /** After Spring Security's filter chain, which authenticates the request. */
    static final int ORDER = 0;

    @Bean
    FilterRegistrationBean<TaskPortProxy> taskPortProxy(TerminalService terminals, Clock clock,
                                                        ObjectProvider<SecurityContextHolderStrategy> strategies,
                                                        ObjectProvider<TaskHostPorts> hosts) {
        SecurityContextHolderStrategy security = strategies.getIfAvailable(SecurityContextHolder::getContextHolderStrategy);
        FilterRegistrationBean<TaskPortProxy> registration =
                new FilterRegistrationBean<>(new TaskPortProxy(terminals, clock, security, hosts::getIfAvailable));
        registration.addUrlPatterns("/jobs/*");
        registration.setOrder(ORDER);
        registration.setAsyncSupported(true);
        return registration;
    }

    /**
     * Spring's form-content filter, which would read a proxied PUT, PATCH or DELETE form body
     * into parameters before the proxy could stream it, kept off the proxy's paths.
     */
    @Bean
    OrderedFormContentFilter formContentFilter() {
        return new OrderedFormContentFilter() {
            @Override
            protected boolean shouldNotFilter(HttpServletRequest request) {
                String path = request.getRequestURI().substring(request.getContextPath().length());
                return path.matches("/jobs/[^/]+/(proxy|proxy-full)/.*");
            }
        };
    }
}
