package org.gantry.expression;

import java.util.List;
import java.util.Optional;
import org.springframework.data.jpa.repository.JpaRepository;

interface UserExpressionRepository extends JpaRepository<UserExpression, Long> {

    List<UserExpression> findByUserUsernameOrderByKey(String username);

    Optional<UserExpression> findByUserUsernameAndKey(String username, String key);
}
