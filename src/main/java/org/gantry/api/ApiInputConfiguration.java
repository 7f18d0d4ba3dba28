package org.gantry.api;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.deser.std.StringDeserializer;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.module.SimpleModule;
import java.io.IOException;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.converter.json.MappingJackson2HttpMessageConverter;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/** Checks on what REST clients send that hold for every route (see {@link NulCharacters}). */
@Configuration(proxyBeanMethods = false)
class ApiInputConfiguration implements WebMvcConfigurer {

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(new NulParameterCheck()).addPathPatterns("/api/**");
    }

    /**
     * The JSON converter of requests and answers: the application's mapper, reading no string
     * with a NUL character. A copy, so that the mapper Gantry uses elsewhere stays as it is.
     */
    @Bean
    MappingJackson2HttpMessageConverter mappingJackson2HttpMessageConverter(ObjectMapper json) {
        ObjectMapper mapper = json.copy();
        mapper.registerModule(new SimpleModule("nul-free-strings").addDeserializer(String.class, new NulFreeString()));
        return new MappingJackson2HttpMessageConverter(mapper);
    }

    /** Jackson's own string reading, refusing a NUL character; Jackson adds the field's path to the refusal. */
    static final class NulFreeString extends StringDeserializer {

        @Override
        public String deserialize(JsonParser parser, DeserializationContext context) throws IOException {
            String value = super.deserialize(parser, context);
            if (NulCharacters.in(value)) {
                throw InvalidFormatException.from(parser, NulCharacters.message("The value"), value, String.class);
            }
            return value;
        }
    }
}
