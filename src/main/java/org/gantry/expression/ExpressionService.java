package org.gantry.expression;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gantry.security.CurrentUser;
import org.gantry.security.UserAccount;
import org.gantry.security.UserService;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Each user's expressions. Only the user themselves may read or change them: they often
 * hold paths and names a user would rather not show, so not even administrators see them.
 */
@Service
public class ExpressionService {

    private final UserExpressionRepository expressions;
    private final UserService users;
    private final CurrentUser currentUser;
    private final Clock clock;

    ExpressionService(UserExpressionRepository expressions, UserService users, CurrentUser currentUser, Clock clock) {
        this.expressions = expressions;
        this.users = users;
        this.currentUser = currentUser;
        this.clock = clock;
    }

    @Transactional(readOnly = true)
    public List<Expression> list(String username) {
        currentUser.checkIsSelf(username);
        return expressions.findByUserUsernameOrderByKey(username).stream().map(Expression::of).toList();
    }

    @Transactional(readOnly = true)
    public Optional<Expression> get(String username, String key) {
        currentUser.checkIsSelf(username);
        return expressions.findByUserUsernameAndKey(username, key).map(Expression::of);
    }

    /** The user's values by key, for templating their job documents. */
    @Transactional(readOnly = true)
    public Map<String, String> values(String username) {
        currentUser.checkIsSelf(username);
        Map<String, String> values = new LinkedHashMap<>();
        expressions.findByUserUsernameOrderByKey(username).forEach(e -> values.put(e.getKey(), e.getValue()));
        return values;
    }

    /** Creates or replaces; true when the key was new. */
    @Transactional
    public boolean put(String username, String key, String value) {
        currentUser.checkIsSelf(username);
        checkKey(key);
        if (value == null) {
            throw new ExpressionException("An expression needs a value");
        }
        if (value.length() > UserExpression.VALUE_MAX) {
            throw new ExpressionException("An expression value has at most " + UserExpression.VALUE_MAX
                    + " characters, this one has " + value.length());
        }
        Optional<UserExpression> existing = expressions.findByUserUsernameAndKey(username, key);
        if (existing.isPresent()) {
            existing.get().update(value, clock.instant());
            return false;
        }
        UserAccount user = users.find(username).orElseThrow(() -> new ExpressionException("No user " + username));
        expressions.save(new UserExpression(user, key, value, clock.instant()));
        return true;
    }

    /** True when there was such an expression. */
    @Transactional
    public boolean delete(String username, String key) {
        currentUser.checkIsSelf(username);
        Optional<UserExpression> existing = expressions.findByUserUsernameAndKey(username, key);
        existing.ifPresent(expressions::delete);
        return existing.isPresent();
    }

    public static void checkKey(String key) {
        if (key == null || !key.matches(UserExpression.KEY_PATTERN)) {
            throw new ExpressionException("An expression key is 1 to " + UserExpression.KEY_MAX
                    + " letters, digits, '_' or '-'");
        }
    }
}
