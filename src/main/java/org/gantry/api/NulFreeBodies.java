package org.gantry.api;

import java.lang.reflect.Type;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.springframework.core.MethodParameter;
import org.springframework.http.HttpInputMessage;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.servlet.mvc.method.annotation.RequestBodyAdviceAdapter;

/** Refuses a raw text body (a job document as bytes or a string) that holds a NUL character, naming its line. */
@ControllerAdvice(basePackageClasses = NulFreeBodies.class)
class NulFreeBodies extends RequestBodyAdviceAdapter {

    @Override
    public boolean supports(MethodParameter parameter, Type targetType,
                            Class<? extends HttpMessageConverter<?>> converterType) {
        return targetType == byte[].class || targetType == String.class;
    }

    @Override
    public Object afterBodyRead(Object body, HttpInputMessage input, MethodParameter parameter, Type targetType,
                                Class<? extends HttpMessageConverter<?>> converterType) {
        String text = body instanceof byte[] bytes ? new String(bytes, charset(input)) : (String) body;
        int at = text.indexOf('\u0000');
        if (at >= 0) {
            int line = (int) text.substring(0, at).chars().filter(c -> c == '\n').count() + 1;
            int column = at - (text.lastIndexOf('\n', at) + 1) + 1;
            String message = NulCharacters.message("The request body (line " + line + ")");
            // a body is a document: its problem at its line and column, as the parser's problems are
            throw new ApiException(HttpStatus.BAD_REQUEST, "InvalidParametersError", message, List.of(
                    new ApiError.ProblemJson("ERROR", "nul-character", message, "", line, column, line, column + 1,
                            null)));
        }
        return body;
    }

    private static Charset charset(HttpInputMessage input) {
        return Optional.ofNullable(input.getHeaders().getContentType()).map(MediaType::getCharset)
                .orElse(StandardCharsets.UTF_8);
    }
}
