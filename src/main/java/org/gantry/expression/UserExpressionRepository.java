package org.gantry.expression;

import java.util.List;
import java.util.Optional;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

interface UserExpressionRepository extends JpaRepository<UserExpression, Long> {

    @Query("select e from UserExpression e where e.user.username = :username order by e.key")
    List<UserExpression> findByUserUsernameOrderByKey(String username);

    Optional<UserExpression> findByUserUsernameAndKey(String username, String key);
}
