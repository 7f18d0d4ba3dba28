package org.gantry.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.gantry.base.db.DatabaseHealth;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

/** The REST layer's servlet filters; all run before security so that it sees their result. */
@Configuration(proxyBeanMethods = false)
class ApiFilters {

    @Bean
    FilterRegistrationBean<RestServerPrefix> restServerPrefix() {
        FilterRegistrationBean<RestServerPrefix> registration = new FilterRegistrationBean<>(new RestServerPrefix());
        registration.addUrlPatterns(RestServerPrefix.PREFIX + "/api/*");
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 10);
        return registration;
    }

    @Bean
    FilterRegistrationBean<DatabaseUnavailable> databaseUnavailable(DatabaseHealth health, ObjectMapper json) {
        FilterRegistrationBean<DatabaseUnavailable> registration =
                new FilterRegistrationBean<>(new DatabaseUnavailable(health, json));
        registration.addUrlPatterns("/api/*", RestServerPrefix.PREFIX + "/api/*");
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 15);
        return registration;
    }

    @Bean
    FilterRegistrationBean<BoundedBody> boundedBody() {
        FilterRegistrationBean<BoundedBody> registration = new FilterRegistrationBean<>(new BoundedBody());
        registration.addUrlPatterns("/api/*", RestServerPrefix.PREFIX + "/api/*");
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 20);
        return registration;
    }
}
